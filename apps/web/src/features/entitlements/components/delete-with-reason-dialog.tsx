import { reasonBodySchema } from '@ec/contract/common';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContentText from '@mui/material/DialogContentText';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';

/**
 * Deleting a profile or a licence (spec 3 §5): a reason is required, otherwise nothing is sent.
 * `onDelete` sends the deletion and fails when it does not go through: the error (`error`) then shows
 * under the reason and the dialog stays; once it goes through the dialog closes, then `onDeleted`.
 */
export function DeleteWithReasonDialog(props: {
  open: boolean;
  title: string;
  text: ReactNode;
  onDelete: (reason: string) => Promise<unknown>;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const form = useForm({ resolver: zodResolver(reasonBodySchema), defaultValues: { reason: '' } });
  const close = () => {
    form.reset();
    props.onClose();
  };
  return (
    <FormDialog
      open={props.open}
      onClose={close}
      onSubmit={form.handleSubmit(async ({ reason }) => {
        const deleted = await props.onDelete(reason).then(
          () => true,
          () => false,
        );
        if (!deleted) return;
        close();
        props.onDeleted?.();
      })}
      title={props.title}
      submitLabel={props.title}
      submitColor="error"
      pending={props.pending}
      error={props.error}
      errorPlacement="bottom"
    >
      <DialogContentText>{props.text}</DialogContentText>
      <FormTextField form={form} name="reason" label="Reason" required multiline minRows={2} autoFocus />
    </FormDialog>
  );
}
