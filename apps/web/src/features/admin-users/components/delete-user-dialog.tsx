import { deleteUserBodySchema } from '@ec/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useDeleteUser } from '../api/delete-user';

/** 'Delete User' (spec 1 §2.7, §5): a reason is required, otherwise nothing is sent. */
export function DeleteUserDialog(props: {
  user: { user_guid: string; name: string; email: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const titleId = useId();
  const deleteUser = useDeleteUser();
  const form = useForm({ resolver: zodResolver(deleteUserBodySchema), defaultValues: { reason: '' } });
  const { isSubmitting } = form.formState;
  const { user } = props;

  const close = () => {
    form.reset();
    deleteUser.reset();
    props.onClose();
  };

  return (
    <Dialog open={user !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={form.handleSubmit(async ({ reason }) => {
          if (!user) return;
          const deleted = await deleteUser
            .mutateAsync({ userGuid: user.user_guid, reason })
            .catch(() => null);
          if (!deleted) return;
          close();
          props.onDeleted?.();
        })}
      >
        <DialogTitle id={titleId}>Delete User</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {user ? `${user.name} (${user.email})` : ''} loses their access tokens and organization
            memberships. This cannot be undone. Why is this user being deleted?
          </DialogContentText>
          <FormTextField form={form} name="reason" label="Reason" required multiline minRows={2} autoFocus />
          <ErrorAlert error={deleteUser.error} sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" loading={isSubmitting}>
            Delete User
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
