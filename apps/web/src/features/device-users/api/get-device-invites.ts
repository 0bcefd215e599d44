import { INVITE_TABLE_LIMIT, inviteOperations } from '@ec/contract/invites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { deviceUserKeys } from './device-user-keys';

/** GET /invites?device_guid= → the device's pending invites, up to 200 (device editors only). */
export const getDeviceInvites = (deviceGuid: string, signal?: AbortSignal) =>
  callOperation(inviteOperations.list, {
    query: { device_guid: deviceGuid, pagination_size: INVITE_TABLE_LIMIT },
    signal,
  });

export const deviceInvitesQueryOptions = (orgGuid: string | null, deviceGuid: string) =>
  queryOptions({
    queryKey: deviceUserKeys.invites(orgGuid, deviceGuid),
    queryFn: ({ signal }) => getDeviceInvites(deviceGuid, signal),
  });

export function useDeviceInvites(deviceGuid: string) {
  const { orgGuid } = useSession();
  return useQuery(deviceInvitesQueryOptions(orgGuid, deviceGuid));
}
