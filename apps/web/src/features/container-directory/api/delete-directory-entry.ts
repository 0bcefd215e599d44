import { containerDirectoryOperations } from '@ec/contract/containers/directory';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { directoryKeys } from '../../../lib/container-directory/directory-keys';

/** DELETE /containers/{guid}. */
export const deleteDirectoryEntry = (containerGuid: string) =>
  callOperation(containerDirectoryOperations.delete, { params: { container_guid: containerGuid } });

export function useDeleteDirectoryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDirectoryEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryKeys.all }),
  });
}
