import { deviceMetadataOperations, type MetadataInput } from '@ec/contract/device-metadata';
import type { GetDeviceResponse } from '@ec/contract/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';

/** Spec 2 §4.8: the metadata is read again this long after a save. */
export const METADATA_REFETCH_MS = 500;

/** POST /devices/{device_guid}/metadata: the changed keys; answers the device's metadata. */
export const saveDeviceMetadata = (input: { deviceGuid: string; changes: MetadataInput[] }) =>
  callOperation(deviceMetadataOperations.save, {
    params: { device_guid: input.deviceGuid },
    body: input.changes,
  });

/**
 * Saves and shows the answer in the device's header at once; the device (with its metadata) and the
 * device lists are refetched 500 ms later (also when the dialog has closed by then).
 */
export function useSaveDeviceMetadata(deviceGuid: string) {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: (changes: MetadataInput[]) => saveDeviceMetadata({ deviceGuid, changes }),
    onSuccess: ({ metadata }) => {
      const key = queryRoots.device(orgGuid, deviceGuid);
      queryClient.setQueryData<GetDeviceResponse>(key, (current) =>
        current ? { ...current, device: { ...current.device, metadata } } : current,
      );
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
        void queryClient.invalidateQueries({ queryKey: queryRoots.devices(orgGuid) });
      }, METADATA_REFETCH_MS);
    },
  });
}
