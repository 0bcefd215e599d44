import { DEVICE_COMMAND_POLL_MS, deviceCommandOperations } from '@ec/contract/device-commands';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { useSession } from '../session/session-store';
import { deviceCommandKeys } from './device-command-keys';

/** GET /devices/{device_guid}/commands/{command_guid}. */
export const getDeviceCommand = async (deviceGuid: string, commandGuid: string, signal?: AbortSignal) =>
  (
    await callOperation(deviceCommandOperations.get, {
      params: { device_guid: deviceGuid, command_guid: commandGuid },
      signal,
    })
  ).command;

/**
 * A command polled every 2 s (or `pollMs`) while `polling` and unfinished (spec 2 §4.5); the live `device.command`
 * event refreshes it at once. A failed poll is not retried: the dialog shows it as the command's error.
 */
export function useDeviceCommandPoll(
  deviceGuid: string,
  commandGuid: string | null,
  polling: boolean,
  pollMs = DEVICE_COMMAND_POLL_MS,
) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: deviceCommandKeys.command(orgGuid, deviceGuid, commandGuid ?? ''),
    queryFn: ({ signal }) => getDeviceCommand(deviceGuid, commandGuid ?? '', signal),
    enabled: Boolean(commandGuid),
    refetchInterval: (query) =>
      polling && !query.state.data?.finished && !query.state.error ? pollMs : false,
    refetchIntervalInBackground: true,
    retry: false,
  });
}
