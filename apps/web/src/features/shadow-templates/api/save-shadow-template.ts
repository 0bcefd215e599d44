import { type SaveShadowTemplatesBody, shadowTemplateOperations } from '@ec/contract/shadow-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { requireOrgGuid } from '../../../lib/orgs/org-path';
import { useSession } from '../../../lib/session/session-store';
import { shadowTemplateKeys } from './shadow-template-keys';

export type TemplateToSave = SaveShadowTemplatesBody['templates'][number];

/**
 * POST /orgs/{org_guid}/shadow_templates with one template: the one of `template_guid` is replaced,
 * else the one of this shadow and name, else it is created. Answers the saved template.
 */
export const saveShadowTemplate = async (input: { orgGuid: string | null; template: TemplateToSave }) => {
  const { templates } = await callOperation(shadowTemplateOperations.save, {
    params: { org_guid: requireOrgGuid(input.orgGuid) },
    body: { templates: [input.template] },
  });
  return templates[0];
};

export function useSaveShadowTemplate() {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: (template: TemplateToSave) => saveShadowTemplate({ orgGuid, template }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shadowTemplateKeys.all(orgGuid) }),
  });
}
