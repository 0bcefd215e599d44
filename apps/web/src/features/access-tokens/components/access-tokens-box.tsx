import { PAT_TABLE_LIMIT, type Pat } from '@ec/contract/pats';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { EmptyTableRow } from '../../../components/ui/empty-table-row';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
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
  const headingId = useId();
  const queryClient = useQueryClient();
  const session = useSessionUser();
  const tokens = useAccessTokens(props.userGuid);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const [revoking, setRevoking] = useState<Pat | null>(null);

  const own = session.data?.user.user_guid === props.userGuid;
  const rows = (tokens.data?.personal_access_tokens ?? []).slice(0, PAT_TABLE_LIMIT);
  const columns = own ? 6 : 5;

  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby={headingId}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={headingId} variant="h6" component="h2">
            Access Tokens
          </Typography>
          {own && (
            <Button variant="contained" onClick={() => setCreating(true)}>
              Create Token
            </Button>
          )}
        </Stack>
        <ErrorAlert error={tokens.error} />
        {tokens.isFetching && <LinearProgress aria-label="Loading access tokens" />}
        <TableContainer>
          <Table size="small" aria-label="Access Tokens">
            <TableHead>
              <TableRow>
                <TableCell>Prefix</TableCell>
                <TableCell>Comment</TableCell>
                <TableCell>Issued</TableCell>
                <TableCell>Expires</TableCell>
                <TableCell>Last Used</TableCell>
                {own && (
                  <TableCell>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((token) => (
                <TableRow key={token.token_guid}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{token.token_prefix}…</TableCell>
                  <TableCell>{token.comment}</TableCell>
                  <TableCell>{formatTimestamp(token.issued)}</TableCell>
                  <TableCell>{formatTimestamp(token.expires)}</TableCell>
                  <TableCell>{token.last_used ? formatTimestamp(token.last_used) : 'Never'}</TableCell>
                  {own && (
                    <TableCell align="right">
                      <Button
                        color="error"
                        size="small"
                        onClick={() => setRevoking(token)}
                        aria-label={`Revoke ${token.token_prefix}`}
                      >
                        Revoke
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
              {rows.length === 0 && !tokens.isPending && (
                <EmptyTableRow colSpan={columns}>No access tokens</EmptyTableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Stack>
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
    </Paper>
  );
}
