import { createOrgBodySchema } from '@ec/contract/orgs';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useCreateOrg } from '../api/create-org';

/** 'Create Organization' dialog with its required 'Organization Name' field (spec 1 §2.4, §5). */
export function CreateOrgDialog(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (orgGuid: string) => void;
}) {
  const titleId = useId();
  const createOrg = useCreateOrg();
  const form = useForm({ resolver: zodResolver(createOrgBodySchema), defaultValues: { org_name: '' } });
  const { errors } = form.formState;
  const close = () => {
    form.reset();
    createOrg.reset();
    props.onClose();
  };

  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={form.handleSubmit(async ({ org_name }) => {
          const created = await createOrg.mutateAsync(org_name).catch(() => null);
          if (created) {
            form.reset();
            props.onCreated(created.org_guid);
          }
        })}
      >
        <DialogTitle id={titleId}>Create Organization</DialogTitle>
        <DialogContent>
          <ErrorAlert error={createOrg.error} sx={{ mb: 1 }} />
          <TextField
            {...form.register('org_name')}
            label="Organization Name"
            required
            autoFocus
            error={Boolean(errors.org_name)}
            helperText={errors.org_name?.message}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={createOrg.isPending}>
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
