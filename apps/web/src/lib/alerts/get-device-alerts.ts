import { alertActionOperations } from '@ec/contract/alerts';
import { deviceSubscription } from '@ec/contract/live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { useLiveSubscription } from '../live-subscriptions';
import { queryRoots } from '../query-keys';
import { useSession } from '../session/session-store';
import { useAlertPolling } from './use-alert-polling';

/** GET /device_alerts/{device_guid}: the device's active alerts, newest first. */
export const getDeviceAlerts = async (deviceGuid: string, signal?: AbortSignal) =>
  (await callOperation(alertActionOperations.deviceActive, { params: { device_guid: deviceGuid }, signal }))
    .alerts;

/** Kept under the device, so that the live `alert` event of the device refreshes it with the rest. */
export const deviceAlertsQueryOptions = (orgGuid: string | null, deviceGuid: string) =>
  queryOptions({
    queryKey: [...queryRoots.device(orgGuid, deviceGuid), 'active-alerts'] as const,
    queryFn: ({ signal }) => getDeviceAlerts(deviceGuid, signal),
  });

/** The device's active alerts: its page's alert toolbar and status (spec 2 §2.5, §4.2), polled as alerts are. */
export function useDeviceAlerts(deviceGuid: string) {
  useLiveSubscription(deviceSubscription(deviceGuid));
  const { orgGuid } = useSession();
  const refetchInterval = useAlertPolling();
  return useQuery({ ...deviceAlertsQueryOptions(orgGuid, deviceGuid), refetchInterval });
}
