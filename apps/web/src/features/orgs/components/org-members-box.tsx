import { ACCESS_LEVELS, type AccessLevel, accessLabel } from '@ec/contract/access';
import type { OrgUser } from '@ec/contract/orgs';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { AccessLevelLabel } from '../../../components/ui/access-level-label';
import { actionsColumn } from '../../../components/ui/data-table/actions-column';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useOrgUsers } from '../../../lib/orgs/get-org-users';
import { useRemoveOrgUsers } from '../api/remove-org-users';
import { useSaveOrgUsers } from '../api/save-org-users';
import { type AccessEdits, applyEdits, hasChanges, keepsAnAdmin, savePayload } from '../logic/member-edits';

/**
 * The organization's members (up to 200 rows). Editors change access levels locally; an unsaved-changes
 * banner offers Save (the whole list at once) and Revert (reload) (spec 1 §4.3).
 */
export function OrgMembersBox(props: { orgGuid: string; canEdit: boolean }) {
  const { orgGuid, canEdit } = props;
  const titleId = useId();
  const users = useOrgUsers(orgGuid);
  const save = useSaveOrgUsers();
  const remove = useRemoveOrgUsers();
  const [edits, setEdits] = useState<AccessEdits>(new Map());
  const [removing, setRemoving] = useState<OrgUser | null>(null);

  const saved = users.data ?? [];
  const shown = applyEdits(saved, edits);
  const dirty = hasChanges(saved, edits);
  const adminKept = keepsAnAdmin(saved, edits);

  const edit = (userGuid: string, access: AccessLevel) =>
    setEdits((current) => new Map(current).set(userGuid, access));
  const revert = async () => {
    save.reset();
    setEdits(new Map());
    await users.refetch();
  };
  const saveAll = async () => {
    const done = await save.mutateAsync({ orgGuid, users: savePayload(saved, edits) }).catch(() => null);
    if (done) setEdits(new Map());
  };
  const confirmRemove = async () => {
    if (!removing) return;
    const done = await remove.mutateAsync({ orgGuid, userGuids: [removing.user_guid] }).catch(() => null);
    if (!done) return;
    setEdits((current) => {
      const next = new Map(current);
      next.delete(removing.user_guid);
      return next;
    });
    setRemoving(null);
  };
  const closeRemove = () => {
    remove.reset();
    setRemoving(null);
  };

  const columns: DataTableColumn<OrgUser>[] = [
    { id: 'name', header: 'Name', cell: (user) => user.name, sortValue: (user) => user.name },
    { id: 'email', header: 'E-mail', cell: (user) => user.email, sortValue: (user) => user.email },
    {
      id: 'access',
      header: 'Access',
      sortValue: (user) => user.access,
      cell: (user) =>
        canEdit ? (
          <TextField
            select
            size="small"
            margin="none"
            value={user.access}
            onChange={(event) => edit(user.user_guid, Number(event.target.value) as AccessLevel)}
            slotProps={{
              select: { native: true },
              htmlInput: { 'aria-label': `Access for ${user.name}` },
            }}
          >
            {ACCESS_LEVELS.map((level) => (
              <option key={level} value={level}>
                {accessLabel(level)}
              </option>
            ))}
          </TextField>
        ) : (
          <AccessLevelLabel access={user.access} />
        ),
    },
  ];
  if (canEdit) {
    columns.push(
      actionsColumn((user) => (
        <Button
          size="small"
          color="error"
          startIcon={<PersonRemoveIcon />}
          onClick={() => setRemoving(user)}
          aria-label={`Remove ${user.name}`}
        >
          Remove
        </Button>
      )),
    );
  }

  return (
    <SectionCard title="Users" titleVariant="h3">
      {dirty && (
        <Alert
          severity="warning"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={revert} disabled={save.isPending}>
                Revert
              </Button>
              <Button
                variant="contained"
                size="small"
                onClick={saveAll}
                loading={save.isPending}
                disabled={!adminKept}
              >
                Save
              </Button>
            </Stack>
          }
        >
          You have unsaved changes.
          {!adminKept && ' An organization needs at least one Admin.'}
        </Alert>
      )}
      <ErrorAlert error={save.error} />
      <DataTable
        label="Users"
        columns={columns}
        rows={shown}
        rowKey={(user) => user.user_guid}
        emptyText="No users"
        query={users}
      />
      <Dialog open={Boolean(removing)} onClose={closeRemove} aria-labelledby={`${titleId}-remove`}>
        <DialogTitle id={`${titleId}-remove`}>Remove User</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Remove {removing?.name} ({removing?.email}) from this organization?
          </DialogContentText>
          <ErrorAlert error={remove.error} sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={closeRemove}>Cancel</Button>
          <Button variant="contained" color="error" onClick={confirmRemove} loading={remove.isPending}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
}
