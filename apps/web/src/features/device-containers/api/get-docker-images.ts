import { deviceDockerOperations } from '@ec/contract/device-docker';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { dockerKeys } from './docker-keys';

/** GET /devices/{device_guid}/docker/images. */
export function useDockerImages(deviceGuid: string, enabled: boolean) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: dockerKeys.images(orgGuid, deviceGuid),
    queryFn: async ({ signal }) =>
      (await callOperation(deviceDockerOperations.images, { params: { device_guid: deviceGuid }, signal }))
        .images,
    enabled,
  });
}
