import { deleteFleetBodySchema } from '@ec/contract/fleets';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContentText from '@mui/material/DialogContentText';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useDeleteFleets } from '../api/delete-fleets';

/**
 * 'Delete Fleet(s)' with a required reason (spec 2 §5): one fleet from its page, or the fleets checked
 * in the list. When a deletion fails the dialog stays open with the last error (spec 2 §4.12).
 */
export function DeleteFleetsDialog(props: {
  fleets: readonly { fleet_guid: string; fleet_name: string }[] | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const deleteFleets = useDeleteFleets();
  const form = useForm({ resolver: zodResolver(deleteFleetBodySchema), defaultValues: { reason: '' } });
  const fleets = props.fleets ?? [];
  const close = () => {
    form.reset();
    deleteFleets.reset();
    props.onClose();
  };

  return (
    <FormDialog
      open={fleets.length > 0}
      onClose={close}
      onSubmit={form.handleSubmit(async ({ reason }) => {
        const deleted = await deleteFleets
          .mutateAsync({ fleetGuids: fleets.map((f) => f.fleet_guid), reason })
          .catch(() => null);
        if (!deleted) return;
        form.reset();
        deleteFleets.reset();
        props.onDeleted?.();
        props.onClose();
      })}
      title={fleets.length > 1 ? 'Delete Fleets' : 'Delete Fleet'}
      submitLabel="Delete"
      submitColor="error"
      pending={deleteFleets.isPending}
      error={deleteFleets.error}
      errorPlacement="bottom"
    >
      <DialogContentText>
        {fleets.length === 1 ? (
          <>
            Delete <strong>{fleets[0]?.fleet_name}</strong>?
          </>
        ) : (
          <>Delete {fleets.length} fleets?</>
        )}{' '}
        Their devices stay in the organization; fleet users lose the access the fleet gave them.
      </DialogContentText>
      <FormTextField form={form} name="reason" label="Reason" required multiline minRows={2} autoFocus />
    </FormDialog>
  );
}
