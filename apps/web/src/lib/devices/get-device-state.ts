import { deviceOperations } from '@ec/contract/devices';
import { deviceSubscription } from '@ec/contract/live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callOperation } from '../api-client';
import { useLiveSubscription } from '../live-subscriptions';
import { queryRoots } from '../query-keys';
import { useSession } from '../session/session-store';

/** GET /devices/{device_guid}/state: what the device last reported, or null. */
export const getDeviceState = async (deviceGuid: string, signal?: AbortSignal) =>
  (await callOperation(deviceOperations.state, { params: { device_guid: deviceGuid }, signal })).state;

export const deviceStateQueryOptions = (orgGuid: string | null, deviceGuid: string) =>
  queryOptions({
    queryKey: [...queryRoots.device(orgGuid, deviceGuid), 'state'] as const,
    queryFn: ({ signal }) => getDeviceState(deviceGuid, signal),
  });

/** Device state is synced on load and then every 5 to 10 seconds (spec 2 §2.5); live events add to it. */
export function useDeviceState(deviceGuid: string) {
  useLiveSubscription(deviceSubscription(deviceGuid));
  const { orgGuid } = useSession();
  const [interval] = useState(() => 5000 + Math.round(Math.random() * 5000));
  return useQuery({ ...deviceStateQueryOptions(orgGuid, deviceGuid), refetchInterval: interval });
}
