import { shadowOperations } from '@ec/contract/shadows';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { shadowKeys } from './shadow-keys';

/** GET /devices/{device_guid}/shadows/commands/{command_guid}. */
export const getShadowCommand = async (deviceGuid: string, commandGuid: string, signal?: AbortSignal) =>
  (
    await callOperation(shadowOperations.getCommand, {
      params: { device_guid: deviceGuid, command_guid: commandGuid },
      signal,
    })
  ).command;

/** Not polled: the live shadow.command event refreshes it (see useShadowCommandFlow for the fallback). */
export function useShadowCommand(deviceGuid: string, commandGuid: string | null) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: shadowKeys.command(orgGuid, deviceGuid, commandGuid ?? ''),
    queryFn: ({ signal }) => getShadowCommand(deviceGuid, commandGuid ?? '', signal),
    enabled: Boolean(commandGuid),
    retry: false,
  });
}
