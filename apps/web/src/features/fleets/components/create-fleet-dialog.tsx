import { createFleetBodySchema } from '@ec/contract/fleets';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useCreateFleet } from '../api/create-fleet';

/** 'Create Fleet' with its required 'Fleet Name' (spec 2 §5): nothing is sent without a name. */
export function CreateFleetDialog(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (fleetGuid: string) => void;
}) {
  const createFleet = useCreateFleet();
  const form = useForm({ resolver: zodResolver(createFleetBodySchema), defaultValues: { fleet_name: '' } });
  const close = () => {
    form.reset();
    createFleet.reset();
    props.onClose();
  };

  return (
    <FormDialog
      open={props.open}
      onClose={close}
      onSubmit={form.handleSubmit(async ({ fleet_name }) => {
        const fleetGuid = await createFleet.mutateAsync(fleet_name).catch(() => null);
        if (!fleetGuid) return;
        form.reset();
        createFleet.reset();
        props.onCreated(fleetGuid);
      })}
      title="Create Fleet"
      submitLabel="Create"
      pending={createFleet.isPending}
      error={createFleet.error}
    >
      <FormTextField form={form} name="fleet_name" label="Fleet Name" required autoFocus />
    </FormDialog>
  );
}
