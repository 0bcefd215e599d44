import type { OrgAlertTemplate, OrgAlertTemplateBody } from '@ec/contract/alert-rules';
import { orgAlertTemplateBodySchema } from '@ec/contract/alert-rules';
import { zodIssues } from '@ec/contract/shadow-documents/fields';
import type { AlertDraft } from '../shadows/alert-drafts';

/**
 * An organization template in the device alert editor's shape (its fields are the same, spec 3 §3.6), so
 * the device tab's form edits templates too. A template not yet created has the key 'new'.
 */
export const NEW_TEMPLATE_KEY = 'new';

export const templateDraft = (template: OrgAlertTemplate): AlertDraft => ({
  key: template.template_guid,
  alert_guid: template.template_guid,
  type: template.type,
  name: template.name,
  label: template.label,
  category: 'org',
  config: template.config,
});

export const templateBody = (draft: AlertDraft): OrgAlertTemplateBody => ({
  type: draft.type,
  name: draft.name,
  label: draft.label,
  config: draft.config,
});

/**
 * The contract's messages for a template, by field path ('config.threshold_value'); empty when it may
 * be saved. Create and Save stay disabled while there are any (spec 2 §5).
 */
export function templateIssues(draft: AlertDraft): Map<string, string> {
  const parsed = orgAlertTemplateBodySchema.safeParse(templateBody(draft));
  const issues = new Map<string, string>();
  if (parsed.success) return issues;
  for (const issue of zodIssues(parsed.error)) {
    const path = issue.path.join('.');
    if (!issues.has(path)) issues.set(path, issue.message);
  }
  return issues;
}
