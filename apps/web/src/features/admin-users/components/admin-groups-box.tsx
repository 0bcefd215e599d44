import type { GroupName } from '@ec/contract/access';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useGroups } from '../api/get-groups';
import { useUserGroups } from '../api/get-user-groups';
import { useSetUserGroups } from '../api/set-user-groups';
import { toggleGroup } from '../logic/user-form';

/** 'Admin Groups' (spec 1 §2.7, §6): one checkbox per platform group, for user admins only. */
export function AdminGroupsBox({ userGuid }: { userGuid: string }) {
  const groups = useGroups();
  const current = useUserGroups(userGuid);
  const setGroups = useSetUserGroups();
  // Local edits until Save; null follows the server.
  const [edited, setEdited] = useState<GroupName[] | null>(null);
  const [saved, setSaved] = useState(false);
  const selected = edited ?? current.data ?? [];

  const save = async () => {
    setSaved(false);
    const done = await setGroups.mutateAsync({ userGuid, groups: selected }).catch(() => null);
    if (done) {
      setEdited(null);
      setSaved(true);
    }
  };

  return (
    <SectionCard titleVariant="h6" title="Admin Groups">
      <ErrorAlert error={groups.error ?? current.error ?? setGroups.error} />
      {(groups.isPending || current.isPending) && <LinearProgress aria-label="Loading groups" />}
      <FormGroup>
        {(groups.data ?? []).map((group) => (
          <FormControlLabel
            key={group.name}
            control={
              <Checkbox
                checked={selected.includes(group.name)}
                disabled={current.isPending}
                onChange={(event) => {
                  setSaved(false);
                  setEdited(toggleGroup(selected, group.name, event.target.checked));
                }}
              />
            }
            label={
              <span>
                {group.name}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  {group.description}
                </Typography>
              </span>
            }
          />
        ))}
      </FormGroup>
      {saved && (
        <Alert severity="success" onClose={() => setSaved(false)}>
          Groups saved.
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => setEdited(null)} disabled={edited === null || setGroups.isPending}>
          Revert
        </Button>
        <Button variant="contained" onClick={save} loading={setGroups.isPending} disabled={edited === null}>
          Save Groups
        </Button>
      </Stack>
    </SectionCard>
  );
}
