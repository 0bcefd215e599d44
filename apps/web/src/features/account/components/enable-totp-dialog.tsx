import { totpVerifyBodySchema } from '@ec/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CodeTextField } from '../../../components/form/code-text-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useSetUpTotp } from '../api/set-up-totp';
import { useVerifyTotp } from '../api/verify-totp';

const QR_SIZE = 200;
/** The QR code library loads with the dialog, not with the account page. */
const loadQrCode = () => import('qrcode');

function useQrCode(text: string | undefined) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    setDataUrl(null);
    if (!text) return;
    let live = true;
    loadQrCode()
      .then(({ default: QRCode }) => QRCode.toDataURL(text, { width: QR_SIZE, margin: 1 }))
      .then((url) => live && setDataUrl(url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return dataUrl;
}

/**
 * 'Enable TOTP' (spec 1 §2.5, §4.4): a new secret, as a QR code and as text, for the authenticator
 * app; TOTP is on once a 6-digit code from the app is verified.
 */
export function EnableTotpDialog(props: { open: boolean; onClose: () => void; onEnabled: () => void }) {
  const titleId = useId();
  const setUp = useSetUpTotp();
  const verify = useVerifyTotp();
  const form = useForm({ resolver: zodResolver(totpVerifyBodySchema), defaultValues: { code: '' } });
  const qr = useQrCode(setUp.data?.otpauth_uri);
  const { open } = props;
  const { mutate: startSetUp, reset: resetSetUp } = setUp;

  // Every opening asks for a fresh secret; the previous, unverified one is replaced on the server.
  // The QR code library loads meanwhile.
  useEffect(() => {
    if (open) {
      startSetUp();
      void loadQrCode();
    } else resetSetUp();
  }, [open, startSetUp, resetSetUp]);

  const close = () => {
    form.reset();
    verify.reset();
    props.onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={form.handleSubmit(async ({ code }) => {
          const enabled = await verify.mutateAsync(code).catch(() => null);
          if (enabled) {
            form.reset();
            verify.reset();
            props.onEnabled();
          }
        })}
      >
        <DialogTitle id={titleId}>Enable TOTP</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Scan the QR code with your authenticator app, or type the secret into it, then enter the 6-digit
            code the app shows.
          </DialogContentText>
          <ErrorAlert error={setUp.error} sx={{ mt: 1 }} />
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'center',
              alignItems: 'center',
              minHeight: QR_SIZE,
              my: 1,
            }}
          >
            {qr ? (
              <img src={qr} alt="TOTP QR code" width={QR_SIZE} height={QR_SIZE} />
            ) : (
              !setUp.isError && <CircularProgress aria-label="Preparing TOTP" />
            )}
          </Box>
          {setUp.data && (
            <TextField
              label="Secret"
              value={setUp.data.secret}
              slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
            />
          )}
          <CodeTextField form={form} name="code" label="TOTP Code" />
          <ErrorAlert error={verify.error} sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={verify.isPending} disabled={!setUp.data}>
            Verify
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
