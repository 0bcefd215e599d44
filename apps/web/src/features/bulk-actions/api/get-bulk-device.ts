import { deviceSubscription } from '@ec/contract/live';
import { useQuery } from '@tanstack/react-query';
import { deviceQueryOptions } from '../../../lib/devices/get-device';
import { useLiveSubscription } from '../../../lib/live-subscriptions';
import { useSession } from '../../../lib/session/session-store';

/** Spec 2 §9 "Bulk command refresh": a device's status is read again every 5 s once the action runs. */
export const BULK_REFRESH_MS = 5000;

/**
 * One device of a bulk dialog (GET /devices/{device_guid}: its record and the caller's rights), kept
 * fresh by the live channel and, once the action has started, read again every 5 s: a rebooted
 * device shows offline and then back online.
 */
export function useBulkDevice(deviceGuid: string, refreshing: boolean) {
  useLiveSubscription(deviceSubscription(deviceGuid));
  const { orgGuid } = useSession();
  return useQuery({
    ...deviceQueryOptions(orgGuid, deviceGuid),
    refetchInterval: refreshing ? BULK_REFRESH_MS : false,
    refetchIntervalInBackground: true,
  });
}
