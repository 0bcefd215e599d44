import type { ShadowTemplate } from '@ec/contract/shadow-templates';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useRef } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useDeleteShadowTemplate } from '../api/delete-shadow-template';

/** 'Delete Template' (organization editors): the template goes; devices keep their configuration. */
export function DeleteTemplateDialog(props: { template: ShadowTemplate | null; onClose: () => void }) {
  const titleId = useId();
  const remove = useDeleteShadowTemplate();
  // The name stays while the dialog closes, so its text does not change as it fades out.
  const shown = useRef(props.template);
  if (props.template) shown.current = props.template;
  const close = () => {
    remove.reset();
    props.onClose();
  };
  const confirm = async () => {
    if (!props.template) return;
    const done = await remove.mutateAsync(props.template.template_guid).catch(() => null);
    if (done) close();
  };
  return (
    <Dialog open={props.template !== null} onClose={close} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>Delete Template</DialogTitle>
      <DialogContent>
        <ErrorAlert error={remove.error} sx={{ mb: 1 }} />
        <DialogContentText>
          Delete the template “{shown.current?.template_name}”? Devices it was applied to keep their
          configuration.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button color="error" variant="contained" loading={remove.isPending} onClick={() => void confirm()}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
