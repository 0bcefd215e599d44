import type { ShadowTemplate } from '@ec/contract/shadow-templates';
import type { ShadowName } from '@ec/contract/shadows';
import type { ShadowTemplateRow } from './shadow-templates.repository.ts';

export function presentShadowTemplate(row: ShadowTemplateRow): ShadowTemplate {
  return {
    template_guid: row.templateGuid,
    template_name: row.templateName,
    shadow_name: row.shadowName as ShadowName,
    state: row.state,
    target_object: row.fleetGuid ? 'fleet' : 'org',
    target_guid: row.fleetGuid ?? row.orgGuid,
  };
}
