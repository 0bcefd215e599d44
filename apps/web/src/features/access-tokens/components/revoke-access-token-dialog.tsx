import type { Pat } from '@ec/contract/pats';
import DialogContentText from '@mui/material/DialogContentText';
import { FormDialog } from '../../../components/form/form-dialog';
import { useRevokeAccessToken } from '../api/revoke-access-token';

/** Asks before revoking: scripts that use the token stop working at once. */
export function RevokeAccessTokenDialog(props: { token: Pat | null; userGuid: string; onClose: () => void }) {
  const revoke = useRevokeAccessToken(props.userGuid);
  const { token } = props;
  const close = () => {
    revoke.reset();
    props.onClose();
  };

  return (
    <FormDialog
      open={token !== null}
      onClose={close}
      onSubmit={async (event) => {
        event.preventDefault();
        if (!token) return;
        const done = await revoke.mutateAsync(token.token_guid).catch(() => null);
        if (done) close();
      }}
      title="Revoke Access Token"
      submitLabel="Revoke"
      submitColor="error"
      pending={revoke.isPending}
      error={revoke.error}
    >
      <DialogContentText>
        Revoke the token {token?.token_prefix}…{token?.comment ? ` (${token.comment})` : ''}? Anything that
        uses it will stop working.
      </DialogContentText>
    </FormDialog>
  );
}
