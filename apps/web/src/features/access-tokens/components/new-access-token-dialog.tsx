import { patPrefixOf } from '@ec/contract/pats';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatTimestamp } from '../../../lib/format-date';
import type { CreatedAccessToken } from './create-access-token-dialog';

/** The file a new token downloads as: its guid, value, expiry and comment. */
export function accessTokenFile(token: CreatedAccessToken) {
  return {
    name: `access-token-${patPrefixOf(token.token_value)}.json`,
    content: JSON.stringify(
      {
        token_guid: token.token_guid,
        token_value: token.token_value,
        expires: token.expires,
        comment: token.comment,
      },
      null,
      2,
    ),
  };
}

function download(name: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** Shows a new token's value once, with its expiry, Copy and Download JSON (spec 1 §4.4). */
export function NewAccessTokenDialog(props: { token: CreatedAccessToken | null; onClose: () => void }) {
  const titleId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const { token } = props;
  const close = () => {
    setCopied(null);
    props.onClose();
  };

  return (
    <Dialog open={token !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>New Access Token</DialogTitle>
      {token && (
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="warning">Copy or download this token now: it will not be shown again.</Alert>
            <TextField
              label="Token"
              value={token.token_value}
              slotProps={{ htmlInput: { readOnly: true, spellCheck: false }, inputLabel: { shrink: true } }}
              onFocus={(event) => event.target.select()}
            />
            <Typography>Expires {formatTimestamp(token.expires)}</Typography>
            {copied === 'yes' && <Alert severity="success">Token copied to the clipboard.</Alert>}
            {copied === 'failed' && (
              <Alert severity="error">Copying failed: select the token and copy it by hand.</Alert>
            )}
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button
          disabled={!token}
          onClick={async () => {
            if (!token) return;
            try {
              await navigator.clipboard.writeText(token.token_value);
              setCopied('yes');
            } catch {
              setCopied('failed');
            }
          }}
        >
          Copy
        </Button>
        <Button
          disabled={!token}
          onClick={() => {
            if (!token) return;
            const file = accessTokenFile(token);
            download(file.name, file.content);
          }}
        >
          Download JSON
        </Button>
        <Button variant="contained" onClick={close}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
