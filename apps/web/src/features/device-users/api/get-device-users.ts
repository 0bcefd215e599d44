import { ApiError } from '@ec/client/api-error';
import { DEVICE_USERS_PAGE_SIZE, deviceUserOperations } from '@ec/contract/device-users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { deviceUserKeys } from './device-user-keys';

/**
 * GET /devices/{device_guid}/users → the table's rows, up to 200 (one page, spec 2 §2.5). A 404 answers
 * an empty list (spec 2 §8).
 */
export async function getDeviceUsers(deviceGuid: string, signal?: AbortSignal) {
  try {
    const answer = await callOperation(deviceUserOperations.list, {
      params: { device_guid: deviceGuid },
      query: { pagination_size: DEVICE_USERS_PAGE_SIZE },
      signal,
    });
    return answer.users;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const deviceUsersQueryOptions = (orgGuid: string | null, deviceGuid: string) =>
  queryOptions({
    queryKey: deviceUserKeys.users(orgGuid, deviceGuid),
    queryFn: ({ signal }) => getDeviceUsers(deviceGuid, signal),
  });

export function useDeviceUsers(deviceGuid: string) {
  const { orgGuid } = useSession();
  return useQuery(deviceUsersQueryOptions(orgGuid, deviceGuid));
}
