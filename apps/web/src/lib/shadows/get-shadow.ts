import { type Shadow, type ShadowName, shadowOperations } from '@ec/contract/shadows';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { useSession } from '../session/session-store';
import { shadowKeys } from './shadow-keys';

/** GET /devices/{device_guid}/shadows?shadow_names=: one shadow, or null when the device has none. */
export async function getShadow(
  deviceGuid: string,
  name: ShadowName,
  signal?: AbortSignal,
): Promise<Shadow | null> {
  const { shadows } = await callOperation(shadowOperations.list, {
    params: { device_guid: deviceGuid },
    query: { shadow_names: name },
    signal,
  });
  return shadows.find((shadow) => shadow.shadow_name === name) ?? null;
}

export const shadowQueryOptions = (orgGuid: string | null, deviceGuid: string, name: ShadowName) =>
  queryOptions({
    queryKey: shadowKeys.shadow(orgGuid, deviceGuid, name),
    queryFn: ({ signal }) => getShadow(deviceGuid, name, signal),
    staleTime: 30_000,
  });

export function useShadow(deviceGuid: string, name: ShadowName) {
  const { orgGuid } = useSession();
  return useQuery(shadowQueryOptions(orgGuid, deviceGuid, name));
}
