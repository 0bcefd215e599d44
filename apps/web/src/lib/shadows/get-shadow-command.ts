import { SHADOW_COMMAND_POLL_MS, shadowOperations } from '@ec/contract/shadows';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { useSession } from '../session/session-store';
import { shadowKeys } from './shadow-keys';

/** GET /devices/{device_guid}/shadows/commands/{command_guid}. */
export const getShadowCommand = async (deviceGuid: string, commandGuid: string, signal?: AbortSignal) =>
  (
    await callOperation(shadowOperations.getCommand, {
      params: { device_guid: deviceGuid, command_guid: commandGuid },
      signal,
    })
  ).command;

/** Polled every 2 s while `polling`; the live shadow.command event refreshes it at once. */
export function useShadowCommand(deviceGuid: string, commandGuid: string | null, polling: boolean) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: shadowKeys.command(orgGuid, deviceGuid, commandGuid ?? ''),
    queryFn: ({ signal }) => getShadowCommand(deviceGuid, commandGuid ?? '', signal),
    enabled: Boolean(commandGuid),
    refetchInterval: (query) => (polling && !query.state.data?.finished ? SHADOW_COMMAND_POLL_MS : false),
    refetchIntervalInBackground: true,
    retry: false,
  });
}
