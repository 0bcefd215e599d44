import type { Fleet } from '@ec/contract/fleets';
import { isTemplateShadow } from '@ec/contract/shadow-template-state';
import type { ShadowTemplate } from '@ec/contract/shadow-templates';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { ConfirmDeleteDialog } from '../../../components/list-editor/confirm-delete-dialog';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { RequestError } from '../../../components/ui/request-error';
import { shadowForms } from '../../../lib/shadows/shadow-forms';
import {
  useAllOrgShadowTemplates,
  useDeleteFleetShadowTemplate,
  useFleetShadowTemplates,
  useSaveFleetShadowTemplate,
} from '../api/fleet-shadow-templates';

export const NO_FLEET_TEMPLATES = 'No fleet templates';

const summaryOf = (template: ShadowTemplate) =>
  isTemplateShadow(template.shadow_name) ? shadowForms[template.shadow_name].summary(template.state) : '';

/** Copies one of the organization's templates into the fleet, under its name or another. */
function CopyTemplateDialog(props: { fleetGuid: string; open: boolean; onClose: () => void }) {
  const titleId = useId();
  const org = useAllOrgShadowTemplates(props.open);
  const save = useSaveFleetShadowTemplate(props.fleetGuid);
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const source = org.data?.find((template) => template.template_guid === chosen);
  const close = () => {
    setChosen('');
    setName('');
    save.reset();
    props.onClose();
  };
  const copy = () =>
    source &&
    save.mutate(
      {
        template_name: name.trim() || source.template_name,
        shadow_name: source.shadow_name,
        state: source.state,
      },
      { onSuccess: close },
    );
  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Copy Organization Template</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <RequestError error={org.error} onRetry={org.refetch} />
          <TextField
            select
            label="Organization template"
            value={chosen}
            disabled={!org.data || org.data.length === 0}
            helperText={org.data?.length === 0 ? 'The organization has no templates' : undefined}
            onChange={(event) => {
              setChosen(event.target.value);
              setName(org.data?.find((t) => t.template_guid === event.target.value)?.template_name ?? '');
            }}
          >
            {(org.data ?? []).map((template) => (
              <MenuItem key={template.template_guid} value={template.template_guid}>
                {template.template_name} ({template.shadow_name})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Name in the fleet"
            value={name}
            disabled={!source}
            onChange={(event) => setName(event.target.value)}
          />
          <RequestError error={save.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!source || !name.trim()}
          loading={save.isPending}
          onClick={copy}
        >
          Copy
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The fleet's Templates tab (spec 3 §7, decision 185): the fleet's own shadow templates beside the
 * organization's, each with what it holds; the fleet's editors copy one of the organization's in and
 * delete them. `renderActions` adds an editor's actions to each template (app/: rolling it out to the
 * fleet).
 */
export function FleetTemplatesTab({
  fleet,
  renderActions,
}: {
  fleet: Fleet;
  renderActions?: (template: ShadowTemplate) => ReactNode;
}) {
  const templates = useFleetShadowTemplates(fleet.fleet_guid);
  const remove = useDeleteFleetShadowTemplate(fleet.fleet_guid);
  const [copying, setCopying] = useState(false);
  const [deleting, setDeleting] = useState<ShadowTemplate | null>(null);

  const columns: DataTableColumn<ShadowTemplate>[] = [
    {
      id: 'name',
      header: 'Template Name',
      cell: (template) => template.template_name,
      sortValue: (template) => template.template_name.toLowerCase(),
    },
    {
      id: 'shadow',
      header: 'Shadow',
      cell: (template) => template.shadow_name,
      sortValue: (t) => t.shadow_name,
    },
    { id: 'summary', header: 'What it holds', cell: summaryOf, display: { xs: 'none', md: 'table-cell' } },
  ];
  if (fleet.editable)
    columns.push({
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      cell: (template) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {renderActions?.(template)}
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            aria-label={`Delete ${template.template_name}`}
            onClick={() => setDeleting(template)}
          >
            Delete
          </Button>
        </Stack>
      ),
    });

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Typography color="text.secondary">
          Configuration templates of this fleet, kept beside the organization's.
        </Typography>
        {fleet.editable && (
          <Button variant="outlined" onClick={() => setCopying(true)} sx={{ alignSelf: { sm: 'center' } }}>
            Copy Organization Template
          </Button>
        )}
      </Stack>
      <DataTable
        label="Fleet templates"
        columns={columns}
        rows={templates.data ?? []}
        rowKey={(template) => template.template_guid}
        emptyText={NO_FLEET_TEMPLATES}
        query={templates}
        defaultSort={{ columnId: 'name', direction: 'asc' }}
      />
      <RequestError error={remove.error} />
      <CopyTemplateDialog fleetGuid={fleet.fleet_guid} open={copying} onClose={() => setCopying(false)} />
      <ConfirmDeleteDialog
        title="Delete Template"
        kind="template"
        name={deleting?.template_name ?? null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.template_guid);
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
