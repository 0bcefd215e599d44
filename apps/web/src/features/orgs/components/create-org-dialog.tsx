import { createOrgBodySchema } from '@ec/contract/orgs';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useCreateOrg } from '../api/create-org';

/** 'Create Organization' dialog with its required 'Organization Name' field (spec 1 §2.4, §5). */
export function CreateOrgDialog(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (orgGuid: string) => void;
}) {
  const createOrg = useCreateOrg();
  const form = useForm({ resolver: zodResolver(createOrgBodySchema), defaultValues: { org_name: '' } });
  const close = () => {
    form.reset();
    createOrg.reset();
    props.onClose();
  };

  return (
    <FormDialog
      open={props.open}
      onClose={close}
      onSubmit={form.handleSubmit(async ({ org_name }) => {
        // A failure (also an answer without org_guid) keeps the dialog open with its message.
        const orgGuid = await createOrg.mutateAsync(org_name).catch(() => null);
        if (orgGuid) {
          form.reset();
          props.onCreated(orgGuid);
        }
      })}
      title="Create Organization"
      submitLabel="Create"
      pending={createOrg.isPending}
      error={createOrg.error}
    >
      <FormTextField form={form} name="org_name" label="Organization Name" required autoFocus />
    </FormDialog>
  );
}
