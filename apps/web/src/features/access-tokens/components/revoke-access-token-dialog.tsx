import type { Pat } from '@ec/contract/pats';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useRevokeAccessToken } from '../api/revoke-access-token';

/** Asks before revoking: scripts that use the token stop working at once. */
export function RevokeAccessTokenDialog(props: { token: Pat | null; userGuid: string; onClose: () => void }) {
  const titleId = useId();
  const revoke = useRevokeAccessToken(props.userGuid);
  const { token } = props;
  const close = () => {
    revoke.reset();
    props.onClose();
  };

  return (
    <Dialog open={token !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Revoke Access Token</DialogTitle>
      <DialogContent>
        <ErrorAlert error={revoke.error} sx={{ mb: 1 }} />
        <DialogContentText>
          Revoke the token {token?.token_prefix}…{token?.comment ? ` (${token.comment})` : ''}? Anything that
          uses it will stop working.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          loading={revoke.isPending}
          onClick={async () => {
            if (!token) return;
            const done = await revoke.mutateAsync(token.token_guid).catch(() => null);
            if (done) close();
          }}
        >
          Revoke
        </Button>
      </DialogActions>
    </Dialog>
  );
}
