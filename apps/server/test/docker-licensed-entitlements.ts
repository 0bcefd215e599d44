import { vi } from 'vitest';
import type * as Entitlements from '../src/device-core/devices/device-entitlements.ts';

/**
 * Until licences are stored (the licensing work), no device is licensed for Docker. Tests of the docker
 * calls mock the device's entitlements with this module, which licenses every edgecaster_max for Docker
 * (not for privileged containers) and leaves edgecaster devices as their base profile makes them:
 *
 *   vi.mock('<path>/device-entitlements.ts', () => import('<path>/test/docker-licensed-entitlements.ts'));
 */
const actual = await vi.importActual<typeof Entitlements>(
  '../src/device-core/devices/device-entitlements.ts',
);

export const DOCKER_LICENSED_PRODUCT = 'edgecaster_max';
/** A directory container guid the licensed devices may install. */
export const LICENSED_CONTAINER_GUID = '7c0e7d0a-1b1c-4a3e-8d55-0c4f1f3c2a11';

export const deviceEntitlements: typeof actual.deviceEntitlements = (device, now) => {
  const entitlements = actual.deviceEntitlements(device, now);
  if (device.productName !== DOCKER_LICENSED_PRODUCT) return entitlements;
  return {
    ...entitlements,
    properties: {
      ...entitlements.properties,
      'services.docker.enabled': true,
      'services.docker.containers': [LICENSED_CONTAINER_GUID],
    },
  };
};
