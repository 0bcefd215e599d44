import type { OrgAlertTemplate } from '@ec/contract/alert-rules';
import { alertConfigSchema } from '@ec/contract/shadow-documents/alerts';
import type { OrgAlertTemplateRow } from './org-alert-rules.repository.ts';

export function presentOrgAlertTemplate(row: OrgAlertTemplateRow): OrgAlertTemplate {
  return {
    template_guid: row.templateGuid,
    org_guid: row.orgGuid,
    type: row.type as OrgAlertTemplate['type'],
    name: row.name,
    label: row.label,
    category: 'org',
    config: alertConfigSchema.parse(row.config),
    updated_at: row.updatedAt.toISOString(),
  };
}
