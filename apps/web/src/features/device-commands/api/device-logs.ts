import { API_BASE } from '@ec/client/api-url';
import { deviceCommandOperations } from '@ec/contract/device-commands';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, callOperation } from '../../../lib/api-client';
import { deviceCommandKeys } from '../../../lib/device-commands/device-command-keys';
import { useSession } from '../../../lib/session/session-store';

/** GET /devices/{device_guid}/logs: the latest bundle's address and when it was retrieved, or null. */
export const getDeviceLogs = async (deviceGuid: string, signal?: AbortSignal) =>
  (await callOperation(deviceCommandOperations.getLogs, { params: { device_guid: deviceGuid }, signal }))
    .logs;

export const deviceLogsQueryOptions = (orgGuid: string | null, deviceGuid: string) =>
  queryOptions({
    queryKey: deviceCommandKeys.logs(orgGuid, deviceGuid),
    queryFn: ({ signal }) => getDeviceLogs(deviceGuid, signal),
  });

/** Read while the Download Device Logs dialog is open. */
export function useDeviceLogs(deviceGuid: string, enabled: boolean) {
  const { orgGuid } = useSession();
  return useQuery({ ...deviceLogsQueryOptions(orgGuid, deviceGuid), enabled });
}

/** POST /devices/{device_guid}/logs: the device is asked to upload a bundle; answers the command guid. */
export const requestDeviceLogs = (deviceGuid: string) =>
  callOperation(deviceCommandOperations.requestLogs, { params: { device_guid: deviceGuid } });

export const useRequestDeviceLogs = () => useMutation({ mutationFn: requestDeviceLogs });

/**
 * Downloads the bundle at `url` (an API path, decision 59) with the session, as every other call,
 * and hands it to the browser as a file.
 */
export async function downloadDeviceLogs(url: string, fileName: string) {
  const path = url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
  const blob = await api.getBlob(path);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.click();
  // The download has started from the link's click; the address is not needed afterwards.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
