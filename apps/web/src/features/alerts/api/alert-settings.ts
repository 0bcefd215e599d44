import { type AlertSettings, alertSettingsOperations } from '@ec/contract/alert-rules';
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertKeys } from '../../../lib/alerts/alert-keys';
import { callOperation } from '../../../lib/api-client';
import { requireOrgGuid } from '../../../lib/orgs/org-path';
import { useSession } from '../../../lib/session/session-store';

/** GET /orgs/{org_guid}/alert_settings: the legacy alert settings (Device Offline). */
export const alertSettingsQueryOptions = (orgGuid: string | null) =>
  queryOptions({
    queryKey: alertKeys.settings(orgGuid),
    queryFn: orgGuid
      ? ({ signal }) => callOperation(alertSettingsOperations.get, { params: { org_guid: orgGuid }, signal })
      : skipToken,
  });

export function useAlertSettings() {
  const { orgGuid } = useSession();
  return useQuery(alertSettingsQueryOptions(orgGuid));
}

/** PUT /orgs/{org_guid}/alert_settings; the answer is the stored settings. */
export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: (settings: AlertSettings) =>
      callOperation(alertSettingsOperations.save, {
        params: { org_guid: requireOrgGuid(orgGuid) },
        body: settings,
      }),
    onSuccess: (saved) => queryClient.setQueryData(alertKeys.settings(orgGuid), saved),
  });
}
