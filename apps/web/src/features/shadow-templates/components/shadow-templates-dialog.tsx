import type { TemplateShadowName } from '@ec/contract/shadow-template-state';
import type { ShadowTemplate } from '@ec/contract/shadow-templates';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useRef, useState } from 'react';
import { useShadowTemplates } from '../api/get-shadow-templates';
import { useTemplateEditor } from '../hooks/use-template-editor';
import { ApplyTemplateView, useTemplateApplication } from './apply-template-view';
import { DeleteTemplateDialog } from './delete-template-dialog';
import { SaveTemplateForm } from './save-template-form';
import { TemplateList } from './template-list';

/** The device's reported document: its version, and its state once the device has sent one. */
export interface ReportedDocument {
  version: number;
  state: Record<string, unknown> | null;
}

/**
 * The Templates dialog of a configuration tab (spec 3 §3.13, §6, §7): the organization's templates of
 * this shadow, Save as template and Delete for the organization's editors, Apply for the device's
 * editors, which first shows what the template would change on this device.
 */
export function ShadowTemplatesDialog(props: {
  open: boolean;
  onClose: () => void;
  shadowName: TemplateShadowName;
  reported: ReportedDocument | null;
  /** The user may change this device's configuration (the tab's canEdit). */
  canApply: boolean;
  /** A command is on its way to the device. */
  busy: boolean;
  onApply: (state: Record<string, unknown>, targetVersion: number) => Promise<void>;
}) {
  const { shadowName, reported } = props;
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const templates = useShadowTemplates(shadowName, props.open);
  const editor = useTemplateEditor();
  const [applying, setApplying] = useState<ShadowTemplate | null>(null);
  const [deleting, setDeleting] = useState<ShadowTemplate | null>(null);
  const [sending, setSending] = useState(false);
  const application = useTemplateApplication(shadowName, applying, reported?.state ?? null);
  const version = reported?.version ?? 0;

  // The view changes under the button just pressed (Apply, Back): the title, which names the new view,
  // takes the focus rather than the page behind the dialog.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(applying);
  useEffect(() => {
    if (shown.current === applying) return;
    shown.current = applying;
    // Closing also leaves the apply view: the dialog then gives the focus back to the Templates button.
    if (props.open) titleRef.current?.focus();
  }, [applying, props.open]);

  const close = () => {
    setApplying(null);
    props.onClose();
  };
  const apply = async () => {
    if (!application) return;
    setSending(true);
    await props.onApply(application.state, version);
    setSending(false);
    close();
  };

  return (
    <Dialog
      open={props.open}
      onClose={close}
      aria-labelledby={titleId}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle
        id={titleId}
        ref={titleRef}
        tabIndex={-1}
        sx={{ overflowWrap: 'anywhere', outline: 'none' }}
      >
        {applying ? `Apply “${applying.template_name}”` : `${shadowName} templates`}
      </DialogTitle>
      <DialogContent dividers>
        {applying && application ? (
          <ApplyTemplateView
            shadowName={shadowName}
            version={version}
            changes={application.changes}
            busy={props.busy}
          />
        ) : (
          <Stack spacing={2.5}>
            {editor && (
              <SaveTemplateForm
                shadowName={shadowName}
                reported={reported?.state ? { version, state: reported.state } : null}
                templates={templates.data}
              />
            )}
            {editor && <Divider />}
            <TemplateList
              shadowName={shadowName}
              templates={templates}
              canApply={props.canApply}
              canDelete={editor}
              onApply={setApplying}
              onDelete={setDeleting}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {applying ? (
          <>
            <Button onClick={() => setApplying(null)}>Back</Button>
            <Button
              variant="contained"
              loading={sending}
              disabled={props.busy || !application?.changes.length}
              onClick={() => void apply()}
            >
              Apply to this device
            </Button>
          </>
        ) : (
          <Button onClick={close}>Close</Button>
        )}
      </DialogActions>
      <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} />
    </Dialog>
  );
}
