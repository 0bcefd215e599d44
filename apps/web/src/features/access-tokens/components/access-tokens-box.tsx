import { PAT_TABLE_LIMIT, type Pat } from '@ec/contract/pats';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { actionsColumn } from '../../../components/ui/data-table/actions-column';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { SectionCard } from '../../../components/ui/section-card';
import { formatTimestamp } from '../../../lib/format-date';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { accessTokensKey, useAccessTokens } from '../api/get-access-tokens';
import { CreateAccessTokenDialog, type CreatedAccessToken } from './create-access-token-dialog';
import { NewAccessTokenDialog } from './new-access-token-dialog';
import { RevokeAccessTokenDialog } from './revoke-access-token-dialog';

/**
 * A user's personal access tokens (spec 1 §2.5, §2.7, §6): everyone who may open the page sees them,
 * only the user themself creates and revokes them.
 */
export function AccessTokensBox(props: { userGuid: string }) {
  const queryClient = useQueryClient();
  const session = useSessionUser();
  const tokens = useAccessTokens(props.userGuid);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const [revoking, setRevoking] = useState<Pat | null>(null);

  const own = session.data?.user.user_guid === props.userGuid;
  const rows = (tokens.data?.personal_access_tokens ?? []).slice(0, PAT_TABLE_LIMIT);
  const columns: DataTableColumn<Pat>[] = [
    {
      id: 'prefix',
      header: 'Prefix',
      cellSx: { fontFamily: 'monospace' },
      cell: (token) => `${token.token_prefix}…`,
    },
    { id: 'comment', header: 'Comment', cell: (token) => token.comment, sortValue: (token) => token.comment },
    {
      id: 'issued',
      header: 'Issued',
      cell: (token) => formatTimestamp(token.issued),
      sortValue: (token) => token.issued,
    },
    {
      id: 'expires',
      header: 'Expires',
      cell: (token) => formatTimestamp(token.expires),
      sortValue: (token) => token.expires,
    },
    {
      id: 'last-used',
      header: 'Last Used',
      cell: (token) => (token.last_used ? formatTimestamp(token.last_used) : 'Never'),
      sortValue: (token) => token.last_used ?? '',
    },
  ];
  if (own) {
    columns.push(
      actionsColumn((token) => (
        <Button
          color="error"
          size="small"
          onClick={() => setRevoking(token)}
          aria-label={`Revoke ${token.token_prefix}`}
        >
          Revoke
        </Button>
      )),
    );
  }

  return (
    <SectionCard
      title="Access Tokens"
      titleVariant="h6"
      actions={
        own && (
          <Button variant="contained" onClick={() => setCreating(true)}>
            Create Token
          </Button>
        )
      }
    >
      <DataTable
        label="Access Tokens"
        columns={columns}
        rows={rows}
        rowKey={(token) => token.token_guid}
        emptyText="No access tokens"
        query={tokens}
      />
      {own && (
        <>
          <CreateAccessTokenDialog
            open={creating}
            userGuid={props.userGuid}
            onClose={() => setCreating(false)}
            onCreated={(token) => {
              setCreating(false);
              setCreated(token);
            }}
          />
          <NewAccessTokenDialog
            token={created}
            onClose={() => {
              setCreated(null);
              void queryClient.invalidateQueries({ queryKey: accessTokensKey(props.userGuid) });
            }}
          />
          <RevokeAccessTokenDialog
            token={revoking}
            userGuid={props.userGuid}
            onClose={() => setRevoking(null)}
          />
        </>
      )}
    </SectionCard>
  );
}
