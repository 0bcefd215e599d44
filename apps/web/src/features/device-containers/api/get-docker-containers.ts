import { deviceDockerOperations, INSTALLED_CONTAINERS_REFRESH_MS } from '@ec/contract/device-docker';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { useWindowFocused } from '../../../lib/use-window-focused';
import { dockerKeys } from './docker-keys';

/**
 * GET /devices/{device_guid}/docker/containers, refreshed every 15 s only while the window has the
 * focus (spec 3 §2.7); the Containers document's live events refresh it at once.
 */
export function useDockerContainers(deviceGuid: string, enabled: boolean) {
  const { orgGuid } = useSession();
  const focused = useWindowFocused();
  return useQuery({
    queryKey: dockerKeys.containers(orgGuid, deviceGuid),
    queryFn: async ({ signal }) =>
      (
        await callOperation(deviceDockerOperations.containers, {
          params: { device_guid: deviceGuid },
          signal,
        })
      ).containers,
    enabled,
    refetchInterval: focused ? INSTALLED_CONTAINERS_REFRESH_MS : false,
  });
}
