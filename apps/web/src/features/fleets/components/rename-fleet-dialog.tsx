import { renameFleetBodySchema } from '@ec/contract/fleets';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useRenameFleet } from '../api/rename-fleet';

/** 'Rename Fleet': the name is required; nothing is sent without one (spec 2 §5). */
export function RenameFleetDialog(props: {
  open: boolean;
  fleet: { fleet_guid: string; fleet_name: string };
  onClose: () => void;
}) {
  const renameFleet = useRenameFleet();
  const form = useForm({
    resolver: zodResolver(renameFleetBodySchema),
    defaultValues: { fleet_name: props.fleet.fleet_name },
  });
  const { reset } = form;
  useEffect(() => {
    if (props.open) reset({ fleet_name: props.fleet.fleet_name });
  }, [props.open, props.fleet.fleet_name, reset]);
  const close = () => {
    renameFleet.reset();
    props.onClose();
  };

  return (
    <FormDialog
      open={props.open}
      onClose={close}
      onSubmit={form.handleSubmit(async ({ fleet_name }) => {
        const renamed = await renameFleet
          .mutateAsync({ fleetGuid: props.fleet.fleet_guid, fleetName: fleet_name })
          .catch(() => null);
        if (renamed) close();
      })}
      title="Rename Fleet"
      submitLabel="Rename"
      pending={renameFleet.isPending}
      error={renameFleet.error}
    >
      <FormTextField form={form} name="fleet_name" label="Fleet Name" required autoFocus />
    </FormDialog>
  );
}
