import { deleteUserBodySchema } from '@ec/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContentText from '@mui/material/DialogContentText';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useDeleteUser } from '../api/delete-user';

/** 'Delete User' (spec 1 §2.7, §5): a reason is required, otherwise nothing is sent. */
export function DeleteUserDialog(props: {
  user: { user_guid: string; name: string; email: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const deleteUser = useDeleteUser();
  const form = useForm({ resolver: zodResolver(deleteUserBodySchema), defaultValues: { reason: '' } });
  const { user } = props;

  const close = () => {
    form.reset();
    deleteUser.reset();
    props.onClose();
  };

  return (
    <FormDialog
      open={user !== null}
      onClose={close}
      onSubmit={form.handleSubmit(async ({ reason }) => {
        if (!user) return;
        const deleted = await deleteUser.mutateAsync({ userGuid: user.user_guid, reason }).catch(() => null);
        if (!deleted) return;
        close();
        props.onDeleted?.();
      })}
      title="Delete User"
      submitLabel="Delete User"
      submitColor="error"
      pending={form.formState.isSubmitting}
      error={deleteUser.error}
      errorPlacement="bottom"
    >
      <DialogContentText>
        {user ? `${user.name} (${user.email})` : ''} loses their access tokens and organization memberships.
        This cannot be undone. Why is this user being deleted?
      </DialogContentText>
      <FormTextField form={form} name="reason" label="Reason" required multiline minRows={2} autoFocus />
    </FormDialog>
  );
}
