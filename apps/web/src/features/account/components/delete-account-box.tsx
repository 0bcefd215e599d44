import { deleteAccountBodySchema } from '@ec/contract/account';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { SectionCard } from '../../../components/ui/section-card';
import { paths } from '../../../config/paths';
import { clearLocalSession } from '../../../lib/session/sign-out';
import { useDeleteAccount } from '../api/delete-account';

/** Delete account (spec 1 §2.5, §4.4): a reason is required; then the session ends and the login shows. */
export function DeleteAccountBox() {
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
    <SectionCard title="Delete Account">
      <Typography>
        Deleting your account removes your profile, access tokens and organization memberships. This cannot be
        undone.
      </Typography>
      <div>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </div>
      <FormDialog
        open={open}
        onClose={close}
        onSubmit={form.handleSubmit(async ({ reason }) => {
          const deleted = await deleteAccount.mutateAsync(reason).catch(() => null);
          if (!deleted) return;
          clearLocalSession(queryClient, { signedOut: true });
          navigate(paths.auth.login.getHref(), { replace: true });
        })}
        title="Delete Account"
        submitLabel="Delete Account"
        submitColor="error"
        pending={isSubmitting}
        error={deleteAccount.error}
        errorPlacement="bottom"
      >
        <DialogContentText>Please tell us why you are deleting your account.</DialogContentText>
        <FormTextField form={form} name="reason" label="Reason" required multiline minRows={2} autoFocus />
      </FormDialog>
    </SectionCard>
  );
}
