import { deleteOrgBodySchema } from '@ec/contract/orgs';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContentText from '@mui/material/DialogContentText';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useDeleteOrg } from '../api/delete-org';

/** 'Delete Organization' with a required reason: nothing is sent without one (spec 1 §5). */
export function DeleteOrgDialog(props: {
  org: { org_guid: string; org_name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const deleteOrg = useDeleteOrg();
  const form = useForm({ resolver: zodResolver(deleteOrgBodySchema), defaultValues: { reason: '' } });
  const close = () => {
    form.reset();
    deleteOrg.reset();
    props.onClose();
  };

  return (
    <FormDialog
      open={Boolean(props.org)}
      onClose={close}
      onSubmit={form.handleSubmit(async ({ reason }) => {
        if (!props.org) return;
        const deleted = await deleteOrg
          .mutateAsync({ orgGuid: props.org.org_guid, reason })
          .catch(() => null);
        if (!deleted) return;
        form.reset();
        deleteOrg.reset();
        props.onDeleted?.();
        props.onClose();
      })}
      title="Delete Organization"
      submitLabel="Delete"
      submitColor="error"
      pending={deleteOrg.isPending}
      error={deleteOrg.error}
      errorPlacement="bottom"
    >
      <DialogContentText>
        Delete <strong>{props.org?.org_name}</strong>? Its members lose access and its devices are released.
        This cannot be undone.
      </DialogContentText>
      <FormTextField form={form} name="reason" label="Reason" required multiline minRows={2} autoFocus />
    </FormDialog>
  );
}
