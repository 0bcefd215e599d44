import { deviceOperations } from '@ec/contract/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';

/** POST /devices/adopt?serial_number=&device_guid= (query only). */
export const adoptDevice = (input: { serial_number: string; device_guid?: string }) =>
  callOperation(deviceOperations.adopt, { query: input });

export function useAdoptDevice() {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: adoptDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.devices(orgGuid) }),
  });
}
