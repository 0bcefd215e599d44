import { deleteAccountBodySchema } from '@ec/contract/account';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { paths } from '../../../config/paths';
import { clearLocalSession } from '../../../lib/session/sign-out';
import { useDeleteAccount } from '../api/delete-account';
import { AccountSection } from './account-section';

/** Delete account (spec 1 §2.5, §4.4): a reason is required; then the session ends and the login shows. */
export function DeleteAccountBox() {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteAccount = useDeleteAccount();
  const form = useForm({ resolver: zodResolver(deleteAccountBodySchema), defaultValues: { reason: '' } });
  const { isSubmitting } = form.formState;

  const close = () => {
    form.reset();
    deleteAccount.reset();
    setOpen(false);
  };

  return (
    <AccountSection title="Delete Account">
      <Typography>
        Deleting your account removes your profile, access tokens and organization memberships. This cannot be
        undone.
      </Typography>
      <div>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </div>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form
          noValidate
          onSubmit={form.handleSubmit(async ({ reason }) => {
            const deleted = await deleteAccount.mutateAsync(reason).catch(() => null);
            if (!deleted) return;
            clearLocalSession(queryClient);
            navigate(paths.auth.login.getHref(), { replace: true });
          })}
        >
          <DialogTitle id={titleId}>Delete Account</DialogTitle>
          <DialogContent>
            <DialogContentText>Please tell us why you are deleting your account.</DialogContentText>
            <FormTextField
              form={form}
              name="reason"
              label="Reason"
              required
              multiline
              minRows={2}
              autoFocus
            />
            <ErrorAlert error={deleteAccount.error} sx={{ mt: 1 }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" color="error" loading={isSubmitting}>
              Delete Account
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </AccountSection>
  );
}
