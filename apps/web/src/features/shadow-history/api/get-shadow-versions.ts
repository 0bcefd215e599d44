import { shadowHistoryOperations } from '@ec/contract/shadow-history';
import type { ShadowName } from '@ec/contract/shadows';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { shadowHistoryKeys } from './shadow-history-keys';

/** GET /devices/{device_guid}/shadows/{shadow_name}/versions: one page, newest version first. */
export const getShadowVersions = (
  deviceGuid: string,
  name: ShadowName,
  token: string | null,
  signal?: AbortSignal,
) =>
  callOperation(shadowHistoryOperations.list, {
    params: { device_guid: deviceGuid, shadow_name: name },
    query: token ? { pagination_token: token } : {},
    signal,
  });

/** The versions page after page ("Load more"), while `enabled` (the panel is open). */
export function useShadowVersions(deviceGuid: string, name: ShadowName, enabled: boolean) {
  const { orgGuid } = useSession();
  return useInfiniteQuery({
    queryKey: shadowHistoryKeys.list(orgGuid, deviceGuid, name),
    queryFn: ({ pageParam, signal }) => getShadowVersions(deviceGuid, name, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.pagination_token,
    select: (data) => data.pages.flatMap((page) => page.versions),
    enabled,
  });
}
