import { CONTAINER_DIRECTORY_PAGE_SIZE } from '@ec/contract/containers/directory';
import { useQuery } from '@tanstack/react-query';
import { directoryKeys } from '../../../lib/container-directory/directory-keys';
import { getWholeDirectory } from '../../../lib/container-directory/get-directory-page';

/**
 * The whole directory for the admin list, 50 a page looped (spec 3 §7); container administrators also
 * see the unpublished entries (unpublished=true), which the server refuses to anyone else.
 */
export function useDirectoryEntries(includeUnpublished: boolean, enabled = true) {
  const query = {
    pagination_size: CONTAINER_DIRECTORY_PAGE_SIZE,
    ...(includeUnpublished ? { unpublished: 'true' as const } : {}),
  };
  return useQuery({
    queryKey: directoryKeys.pages(query),
    queryFn: ({ signal }) => getWholeDirectory(query, signal),
    enabled,
  });
}
