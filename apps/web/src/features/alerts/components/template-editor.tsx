import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { AlertConfigFields } from '../../../components/alerts/alert-config-fields';
import { RequestError } from '../../../components/ui/request-error';
import { SectionCard } from '../../../components/ui/section-card';
import { NEW_TEMPLATE_KEY, templateIssues } from '../../../lib/alerts/template-drafts';
import type { AlertDraft } from '../../../lib/shadows/alert-drafts';

/**
 * One organization template's settings, in the device Alerts tab's rule editor (spec 2 §2.10, spec 3
 * §2.6): a new template has Create, an existing one Save and Delete; both stay disabled while the
 * contract finds a problem (spec 2 §5). Members who cannot edit the organization only read it.
 */
export function TemplateEditor(props: {
  template: AlertDraft;
  orgGuid: string;
  canEdit: boolean;
  saving: boolean;
  error: unknown;
  onSave: (draft: AlertDraft) => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const { template, canEdit } = props;
  const [draft, setDraft] = useState(template);
  const issues = templateIssues(draft);
  const creating = template.key === NEW_TEMPLATE_KEY;
  const changed = JSON.stringify(draft) !== JSON.stringify(template);
  const editable = canEdit && !props.saving;

  return (
    <SectionCard
      title={template.label}
      label={`${template.label} settings`}
      subtitle={`${template.name} (${template.type}) · watches every device of the organization`}
    >
      <AlertConfigFields
        alert={draft}
        orgGuid={props.orgGuid}
        editable={editable}
        issues={issues}
        onChange={(config) => setDraft((current) => ({ ...current, config }))}
      />
      <RequestError error={props.error} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {canEdit && !creating && (
          <Button color="error" disabled={!editable} onClick={props.onDelete} sx={{ mr: 'auto' }}>
            Delete Template
          </Button>
        )}
        <Button onClick={props.onCancel}>{canEdit ? 'Cancel' : 'Close'}</Button>
        {canEdit && (
          <Button
            variant="contained"
            disabled={issues.size > 0 || (!creating && !changed) || !editable}
            loading={props.saving}
            onClick={() => props.onSave(draft)}
          >
            {creating ? 'Create' : 'Save'}
          </Button>
        )}
      </Stack>
    </SectionCard>
  );
}
