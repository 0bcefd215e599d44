import { isDeviceUpdating, type UpdateContext } from '@ec/contract/device-updates';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { deviceQueryOptions } from '../../../lib/devices/get-device';
import { deviceStateQueryOptions } from '../../../lib/devices/get-device-state';
import { useSession } from '../../../lib/session/session-store';
import { inFlightUpdates, subscribeInFlightUpdates } from '../logic/in-flight-updates';

/** The update commands this browser has in flight for the device (logic/in-flight-updates.ts). */
export function useInFlightUpdates(deviceGuid: string): readonly string[] {
  return useSyncExternalStore(subscribeInFlightUpdates, () => inFlightUpdates(deviceGuid));
}

/**
 * Whether the device is updating (spec 2 §4.6), from its record and state as the page has them in its
 * cache and the update commands in flight (this browser's, and those the device record names). Unknown while the device is not loaded: not updating.
 */
export function useDeviceUpdating(deviceGuid: string): boolean {
  const { orgGuid } = useSession();
  // What the page has loaded (the header follows the state): read from the cache, never fetched here.
  const device = useQuery({ ...deviceQueryOptions(orgGuid, deviceGuid), enabled: false });
  const state = useQuery({ ...deviceStateQueryOptions(orgGuid, deviceGuid), enabled: false });
  // This browser's commands count at once; the server's list names those sent from anywhere.
  const inFlight = [...useInFlightUpdates(deviceGuid), ...(device.data?.device.commands_in_flight ?? [])];
  const product = device.data?.device.product_name;
  if (!product) return inFlight.length > 0;
  const context: UpdateContext = { product, state: state.data, inFlight };
  return isDeviceUpdating(context);
}
