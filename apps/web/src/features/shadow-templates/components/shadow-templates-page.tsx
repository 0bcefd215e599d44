import { isTemplateShadow } from '@ec/contract/shadow-template-state';
import type { ShadowTemplate } from '@ec/contract/shadow-templates';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { shadowForms } from '../../../lib/shadows/shadow-forms';
import { useAllShadowTemplates } from '../api/get-shadow-templates';
import { NO_TEMPLATES } from './template-list';

/** What a template holds, in the configuration forms' words. */
const summaryOf = (template: ShadowTemplate) =>
  isTemplateShadow(template.shadow_name) ? shadowForms[template.shadow_name].summary(template.state) : '';

/**
 * /templates: the organization's shadow templates of every shadow (made from a device's configuration
 * tab), each with the actions `renderActions` gives (app/ puts 'Roll out' there).
 */
export function ShadowTemplatesPage(props: { renderActions?: (template: ShadowTemplate) => ReactNode }) {
  const templates = useAllShadowTemplates();
  const columns: DataTableColumn<ShadowTemplate>[] = [
    {
      id: 'name',
      header: 'Template',
      cell: (template) => template.template_name,
      sortValue: (template) => template.template_name.toLowerCase(),
      cellSx: { overflowWrap: 'anywhere' },
    },
    {
      id: 'shadow',
      header: 'Shadow',
      cell: (template) => template.shadow_name,
      sortValue: (t) => t.shadow_name,
    },
    {
      id: 'summary',
      header: 'Holds',
      cell: summaryOf,
      display: { xs: 'none', md: 'table-cell' },
      cellSx: { overflowWrap: 'anywhere' },
    },
    ...(props.renderActions
      ? [
          {
            id: 'actions',
            header: 'Actions',
            hideHeader: true,
            align: 'right' as const,
            cell: (template: ShadowTemplate) => props.renderActions?.(template),
          },
        ]
      : []),
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Shadow Templates</Typography>
      <Typography color="text.secondary">
        The organization’s saved configurations. Save one from a device’s configuration tab (Templates), then
        roll it out to many devices in waves.
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <DataTable
          label="Shadow templates"
          columns={columns}
          rows={templates.data ?? []}
          rowKey={(template) => template.template_guid}
          emptyText={NO_TEMPLATES}
          query={templates}
          paging={{ kind: 'client', pageSizes: [25, 100, -1] }}
        />
      </Paper>
    </Stack>
  );
}
