import { renameOrgBodySchema } from '@ec/contract/orgs';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useRenameOrg } from '../api/rename-org';

/** 'Rename Organization': the name is required (spec 1 §5). */
export function RenameOrgDialog(props: {
  open: boolean;
  org: { org_guid: string; org_name: string };
  onClose: () => void;
}) {
  const renameOrg = useRenameOrg();
  const form = useForm({
    resolver: zodResolver(renameOrgBodySchema),
    defaultValues: { org_name: props.org.org_name },
  });
  const { reset } = form;
  useEffect(() => {
    if (props.open) reset({ org_name: props.org.org_name });
  }, [props.open, props.org.org_name, reset]);
  const close = () => {
    renameOrg.reset();
    props.onClose();
  };

  return (
    <FormDialog
      open={props.open}
      onClose={close}
      onSubmit={form.handleSubmit(async ({ org_name }) => {
        const renamed = await renameOrg
          .mutateAsync({ orgGuid: props.org.org_guid, orgName: org_name })
          .catch(() => null);
        if (renamed) close();
      })}
      title="Rename Organization"
      submitLabel="Rename"
      pending={renameOrg.isPending}
      error={renameOrg.error}
    >
      <FormTextField form={form} name="org_name" label="Organization Name" required autoFocus />
    </FormDialog>
  );
}
