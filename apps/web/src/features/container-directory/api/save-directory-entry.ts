import {
  type CreateDirectoryEntryBody,
  containerDirectoryOperations,
} from '@ec/contract/containers/directory';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { directoryKeys } from '../../../lib/container-directory/directory-keys';

/** POST /containers for a new entry, PATCH /containers/{guid} for a saved one, with the whole body. */
export async function saveDirectoryEntry(input: {
  containerGuid: string | null;
  body: CreateDirectoryEntryBody;
}) {
  const { containerGuid, body } = input;
  const saved = containerGuid
    ? await callOperation(containerDirectoryOperations.update, {
        params: { container_guid: containerGuid },
        body,
      })
    : await callOperation(containerDirectoryOperations.create, { body });
  return saved.container;
}

export function useSaveDirectoryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDirectoryEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryKeys.all }),
  });
}
