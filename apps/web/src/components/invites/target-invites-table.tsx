import type { Invite } from '@ec/contract/invites';
import Button from '@mui/material/Button';
import type { UseMutationResult } from '@tanstack/react-query';
import { formatTimestamp } from '../../lib/format-date';
import { accessColumn } from '../ui/access-level-label';
import { actionsColumn } from '../ui/data-table/actions-column';
import { DataTable } from '../ui/data-table/data-table';
import type { DataTableColumn, DataTableQuery } from '../ui/data-table/data-table-types';
import { ErrorAlert } from '../ui/error-alert';

/**
 * The pending invites an organization or a device sent: e-mail, access and when; editors cancel them (the
 * mutation takes the invite's guid).
 */
export function TargetInvitesTable(props: {
  label: string;
  invites: readonly Invite[];
  query: DataTableQuery;
  cancel: UseMutationResult<unknown, Error, string>;
  canEdit: boolean;
}) {
  const { cancel } = props;
  const columns: DataTableColumn<Invite>[] = [
    {
      id: 'email',
      header: 'E-mail',
      cell: (invite) => invite.target_email,
      sortValue: (invite) => invite.target_email ?? '',
    },
    accessColumn(),
    {
      id: 'invited',
      header: 'Invited',
      cell: (invite) => formatTimestamp(invite.created_at),
      sortValue: (invite) => invite.created_at,
    },
  ];
  if (props.canEdit) {
    columns.push(
      actionsColumn((invite) => (
        <Button
          color="error"
          size="small"
          aria-label={`Cancel Invite for ${invite.target_email}`}
          loading={cancel.isPending && cancel.variables === invite.invite_guid}
          onClick={() => cancel.mutate(invite.invite_guid)}
        >
          Cancel Invite
        </Button>
      )),
    );
  }
  return (
    <>
      <ErrorAlert error={cancel.error} />
      <DataTable
        label={props.label}
        columns={columns}
        rows={[...props.invites]}
        rowKey={(invite) => invite.invite_guid}
        emptyText="No pending invites"
        query={props.query}
      />
    </>
  );
}
