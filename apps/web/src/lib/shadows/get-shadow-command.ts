import { type ShadowCommand, shadowOperations } from '@ec/contract/shadows';
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

/**
 * Not polled: the live shadow.command event refreshes it (useShadowCommandFlow has the fallback). It
 * starts as null, 'not read yet' and stale: TanStack Query joins an invalidation to a first read still
 * running instead of reading again, so a device answering during that read would go unheard; with data
 * present, the invalidation restarts the read.
 */
export function useShadowCommand(deviceGuid: string, commandGuid: string | null) {
  const { orgGuid } = useSession();
  return useQuery<ShadowCommand | null>({
    queryKey: shadowKeys.command(orgGuid, deviceGuid, commandGuid ?? ''),
    queryFn: ({ signal }) => getShadowCommand(deviceGuid, commandGuid ?? '', signal),
    enabled: Boolean(commandGuid),
    initialData: null,
    initialDataUpdatedAt: 0,
    retry: false,
  });
}
