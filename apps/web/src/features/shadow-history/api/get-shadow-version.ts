import { shadowHistoryOperations } from '@ec/contract/shadow-history';
import type { ShadowName } from '@ec/contract/shadows';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { shadowHistoryKeys } from './shadow-history-keys';

/** GET /devices/{device_guid}/shadows/{shadow_name}/versions/{version}: one version with its document. */
export const getShadowVersion = (
  deviceGuid: string,
  name: ShadowName,
  version: number,
  signal?: AbortSignal,
) =>
  callOperation(shadowHistoryOperations.get, {
    params: { device_guid: deviceGuid, shadow_name: name, version },
    signal,
  });

/** One version's document; none is asked for while `version` is null. */
export function useShadowVersion(deviceGuid: string, name: ShadowName, version: number | null) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: shadowHistoryKeys.version(orgGuid, deviceGuid, name, version ?? -1),
    queryFn: ({ signal }) => getShadowVersion(deviceGuid, name, version ?? 0, signal),
    enabled: version !== null,
    // A past version does not change; only the current one's statuses do, and those are not compared.
    staleTime: 60_000,
  });
}
