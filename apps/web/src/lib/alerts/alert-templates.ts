import { type OrgAlertTemplateBody, orgAlertTemplateOperations } from '@ec/contract/alert-rules';
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { requireOrgGuid } from '../orgs/org-path';
import { useSession } from '../session/session-store';
import { alertKeys } from './alert-keys';

/** GET /orgs/{org_guid}/alert_templates: the organization's alert templates. */
export const alertTemplatesQueryOptions = (orgGuid: string | null) =>
  queryOptions({
    queryKey: alertKeys.templates(orgGuid),
    queryFn: orgGuid
      ? async ({ signal }) =>
          (await callOperation(orgAlertTemplateOperations.list, { params: { org_guid: orgGuid }, signal }))
            .templates
      : skipToken,
  });

/** The selected organization's templates; `enabled` false when the screen has no use for them. */
export function useAlertTemplates(options: { enabled?: boolean } = {}) {
  const { orgGuid } = useSession();
  return useQuery({ ...alertTemplatesQueryOptions(orgGuid), enabled: options.enabled ?? true });
}

export type TemplateChange =
  | { kind: 'create'; body: OrgAlertTemplateBody }
  | { kind: 'update'; templateGuid: string; body: OrgAlertTemplateBody }
  | { kind: 'remove'; templateGuid: string };

async function changeTemplate(orgGuid: string, change: TemplateChange): Promise<void> {
  switch (change.kind) {
    case 'create':
      await callOperation(orgAlertTemplateOperations.create, {
        params: { org_guid: orgGuid },
        body: change.body,
      });
      return;
    case 'update':
      await callOperation(orgAlertTemplateOperations.update, {
        params: { org_guid: orgGuid, template_guid: change.templateGuid },
        body: change.body,
      });
      return;
    case 'remove':
      await callOperation(orgAlertTemplateOperations.remove, {
        params: { org_guid: orgGuid, template_guid: change.templateGuid },
      });
      return;
  }
}

/**
 * Create, change or remove a template. Removing one closes its alerts: the templates and the
 * organization's alerts refetch.
 */
export function useChangeTemplate() {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: (change: TemplateChange) => changeTemplate(requireOrgGuid(orgGuid), change),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alertKeys.templates(orgGuid) }),
        queryClient.invalidateQueries({ queryKey: alertKeys.all(orgGuid) }),
      ]),
  });
}
