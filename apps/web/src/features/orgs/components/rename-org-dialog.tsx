import { renameOrgBodySchema } from '@ec/contract/orgs';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useRenameOrg } from '../api/rename-org';

/** 'Rename Organization': the name is required (spec 1 §5). */
export function RenameOrgDialog(props: {
  open: boolean;
  org: { org_guid: string; org_name: string };
  onClose: () => void;
}) {
  const titleId = useId();
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
    <Dialog open={props.open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={form.handleSubmit(async ({ org_name }) => {
          const renamed = await renameOrg
            .mutateAsync({ orgGuid: props.org.org_guid, orgName: org_name })
            .catch(() => null);
          if (renamed) close();
        })}
      >
        <DialogTitle id={titleId}>Rename Organization</DialogTitle>
        <DialogContent>
          <ErrorAlert error={renameOrg.error} sx={{ mb: 1 }} />
          <FormTextField form={form} name="org_name" label="Organization Name" required autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={renameOrg.isPending}>
            Rename
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
