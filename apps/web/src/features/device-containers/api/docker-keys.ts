import { queryRoots } from '../../../lib/query-keys';

/** Query keys of a device's Docker state, under the device's root so its live events reach them. */
export const dockerKeys = {
  all: (orgGuid: string | null, deviceGuid: string) =>
    [...queryRoots.device(orgGuid, deviceGuid), 'docker'] as const,
  containers: (orgGuid: string | null, deviceGuid: string) =>
    [...dockerKeys.all(orgGuid, deviceGuid), 'containers'] as const,
  images: (orgGuid: string | null, deviceGuid: string) =>
    [...dockerKeys.all(orgGuid, deviceGuid), 'images'] as const,
};
