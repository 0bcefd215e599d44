import type { Device } from '@ec/contract/devices';
import type { ShadowSetContext } from '@ec/contract/shadow-registry';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { deviceQueryOptions } from '../../../lib/devices/get-device';
import { useDeviceEntitlements } from '../../../lib/entitlements/get-device-entitlements';
import { useSession } from '../../../lib/session/session-store';

export interface DeviceConfigContext {
  /** The device's product and software versions, for the version gates of spec 3 §9. */
  device: Device;
  /** Its effective entitlements (licensed limits, codecs, channels). */
  entitlements: Readonly<Record<string, unknown>>;
  /** What the contract judges a set against (validateShadowSet). */
  validation: ShadowSetContext;
}

/**
 * The device and its entitlements, which the Inputs and Encoders forms need beside the shadow: the
 * device page has loaded both already, so this reads them from the cache.
 */
export function useDeviceConfigContext(deviceGuid: string) {
  const { orgGuid } = useSession();
  const device = useQuery(deviceQueryOptions(orgGuid, deviceGuid));
  const entitlements = useDeviceEntitlements(deviceGuid);
  const current = device.data?.device;
  const properties = entitlements.data?.properties;
  const context = useMemo<DeviceConfigContext | null>(
    () =>
      current && properties
        ? {
            device: current,
            entitlements: properties,
            validation: { product: current.product_name, entitlements: properties },
          }
        : null,
    [current, properties],
  );
  return {
    context,
    isPending: device.isPending || entitlements.isPending,
    error: device.error ?? entitlements.error,
    retry: () => {
      if (device.isError) void device.refetch();
      if (entitlements.isError) void entitlements.refetch();
    },
  };
}
