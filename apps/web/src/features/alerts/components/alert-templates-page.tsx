import { canEditWith } from '@ec/contract/access';
import type { OrgAlertTemplate } from '@ec/contract/alert-rules';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { AlertNameToggle } from '../../../components/alerts/alert-name-toggle';
import { CreateAlertDialog } from '../../../components/alerts/create-alert-dialog';
import { BackButton } from '../../../components/ui/back-button';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { RequestError } from '../../../components/ui/request-error';
import { paths } from '../../../config/paths';
import { useAlertTemplates, useChangeTemplate } from '../../../lib/alerts/alert-templates';
import { NEW_TEMPLATE_KEY, templateBody, templateDraft } from '../../../lib/alerts/template-drafts';
import { useCurrentOrg } from '../../../lib/session/get-orgs';
import type { AlertDraft } from '../../../lib/shadows/alert-drafts';
import { TemplateEditor } from './template-editor';

const thresholdText = (template: OrgAlertTemplate) =>
  `${template.config.threshold_condition} ${String(template.config.threshold_value)}`;

/**
 * /alerts/templates (spec 2 §2.10): the organization's alert templates, rules that watch every device of
 * it. Create offers the predefined alerts (spec 2 §5; Device Offline lives in the legacy settings) and
 * opens the new template's settings; it is stored with Create. Read-only for those who cannot edit the
 * organization.
 */
export function AlertTemplatesPage() {
  const { orgGuid, org } = useCurrentOrg();
  const canEdit = canEditWith(org?.access);
  const templates = useAlertTemplates();
  const change = useChangeTemplate();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AlertDraft | null>(null);
  const [deleting, setDeleting] = useState<AlertDraft | null>(null);
  const deleteTitleId = useId();

  const open = (draft: AlertDraft | null) => {
    change.reset();
    setEditing(draft);
  };
  const save = (draft: AlertDraft) =>
    change.mutate(
      draft.key === NEW_TEMPLATE_KEY
        ? { kind: 'create', body: templateBody(draft) }
        : { kind: 'update', templateGuid: draft.key, body: templateBody(draft) },
      { onSuccess: () => setEditing(null) },
    );
  const remove = (draft: AlertDraft) =>
    change.mutate(
      { kind: 'remove', templateGuid: draft.key },
      {
        onSuccess: () => {
          setEditing(null);
          setDeleting(null);
        },
      },
    );

  const columns: DataTableColumn<OrgAlertTemplate>[] = [
    {
      id: 'name',
      header: 'Alert Name',
      cell: (template) => (
        <AlertNameToggle
          label={template.label}
          name={template.name}
          expanded={editing?.key === template.template_guid}
          onToggle={() => open(editing?.key === template.template_guid ? null : templateDraft(template))}
        />
      ),
      sortValue: (template) => template.label,
    },
    { id: 'type', header: 'Type', cell: (template) => template.type, sortValue: (t) => t.type },
    { id: 'threshold', header: 'Threshold', cell: thresholdText },
    { id: 'enabled', header: 'Enabled', cell: (template) => (template.config.enabled ? 'Yes' : 'No') },
  ];

  return (
    <Stack spacing={2}>
      <div>
        <BackButton to={paths.alerts.list.getHref()} label="Alerts" />
      </div>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="h1">Alert Templates</Typography>
        {canEdit && (
          <Button variant="outlined" onClick={() => setCreating(true)} sx={{ alignSelf: { sm: 'center' } }}>
            Create Template
          </Button>
        )}
      </Stack>
      <Typography color="text.secondary">
        A template watches every device of the organization; its alerts show on the alerts page and on each
        device's Alerts tab.
      </Typography>
      <DataTable
        label="Alert templates"
        columns={columns}
        rows={templates.data ?? []}
        rowKey={(template) => template.template_guid}
        emptyText="No alert templates"
        query={templates}
        defaultSort={{ columnId: 'name', direction: 'asc' }}
        rowProps={(template) => ({ selected: editing?.key === template.template_guid })}
      />
      {editing && orgGuid && (
        <TemplateEditor
          key={editing.key}
          template={editing}
          orgGuid={orgGuid}
          canEdit={canEdit}
          saving={change.isPending}
          error={deleting ? null : change.error}
          onSave={save}
          onCancel={() => open(null)}
          onDelete={() => setDeleting(editing)}
        />
      )}
      <CreateAlertDialog
        open={creating}
        existingNames={(templates.data ?? []).map((template) => template.name)}
        onClose={() => setCreating(false)}
        onCreate={(alert) => open({ ...alert, key: NEW_TEMPLATE_KEY, category: 'org' })}
      />
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} aria-labelledby={deleteTitleId}>
        <DialogTitle id={deleteTitleId}>Delete Template</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Delete the template '{deleting?.label}'? Its open alerts close on every device.
          </DialogContentText>
          <RequestError error={change.error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            loading={change.isPending}
            onClick={() => deleting && remove(deleting)}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
