import { shadowTemplateOperations } from '@ec/contract/shadow-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { requireOrgGuid } from '../../../lib/orgs/org-path';
import { useSession } from '../../../lib/session/session-store';
import { shadowTemplateKeys } from './shadow-template-keys';

/** DELETE /orgs/{org_guid}/shadow_templates/{template_guid}. */
export const deleteShadowTemplate = (input: { orgGuid: string | null; templateGuid: string }) =>
  callOperation(shadowTemplateOperations.delete, {
    params: { org_guid: requireOrgGuid(input.orgGuid), template_guid: input.templateGuid },
  });

export function useDeleteShadowTemplate() {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: (templateGuid: string) => deleteShadowTemplate({ orgGuid, templateGuid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shadowTemplateKeys.all(orgGuid) }),
  });
}
