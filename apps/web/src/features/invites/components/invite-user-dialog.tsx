import { ACCESS, ACCESS_LEVELS, accessLabel } from '@ec/contract/access';
import { inviteFormSchema } from '@ec/contract/invites';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useCreateInvite } from '../api/create-invite';

/** 'Invite User': an e-mail (required, valid, lower-cased) and an access level, Read Only by default (spec 1 §5). */
export function InviteUserDialog(props: { orgGuid: string; open: boolean; onClose: () => void }) {
  const titleId = useId();
  const createInvite = useCreateInvite(props.orgGuid);
  const form = useForm({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { target_email: '', access: ACCESS.readOnly },
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset();
    createInvite.reset();
    props.onClose();
  };

  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={form.handleSubmit(async (values) => {
          const created = await createInvite.mutateAsync(values).catch(() => null);
          if (created) close();
        })}
      >
        <DialogTitle id={titleId}>Invite User</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ErrorAlert error={createInvite.error} />
            <TextField
              {...form.register('target_email')}
              label="E-mail"
              type="email"
              required
              autoFocus
              error={Boolean(errors.target_email)}
              helperText={errors.target_email?.message}
            />
            <TextField
              {...form.register('access', { valueAsNumber: true })}
              select
              label="Access"
              defaultValue={ACCESS.readOnly}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {ACCESS_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {accessLabel(level)}
                </option>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={createInvite.isPending}>
            Invite
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
