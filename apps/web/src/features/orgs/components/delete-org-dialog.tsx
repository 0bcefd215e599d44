import { deleteOrgBodySchema } from '@ec/contract/orgs';
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
import { useDeleteOrg } from '../api/delete-org';

/** 'Delete Organization' with a required reason: nothing is sent without one (spec 1 §5). */
export function DeleteOrgDialog(props: {
  org: { org_guid: string; org_name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const titleId = useId();
  const deleteOrg = useDeleteOrg();
  const form = useForm({ resolver: zodResolver(deleteOrgBodySchema), defaultValues: { reason: '' } });
  const close = () => {
    form.reset();
    deleteOrg.reset();
    props.onClose();
  };

  return (
    <Dialog open={Boolean(props.org)} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
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
      >
        <DialogTitle id={titleId}>Delete Organization</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Delete <strong>{props.org?.org_name}</strong>? Its members lose access and its devices are
            released. This cannot be undone.
          </DialogContentText>
          <FormTextField form={form} name="reason" label="Reason" required multiline minRows={2} autoFocus />
          <ErrorAlert error={deleteOrg.error} sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" loading={deleteOrg.isPending}>
            Delete
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
