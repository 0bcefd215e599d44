import { CONTAINER_DIRECTORY_PAGE_SIZE } from '@ec/contract/containers/directory';
import { useQuery } from '@tanstack/react-query';
import { directoryKeys } from '../../../lib/container-directory/directory-keys';
import { getWholeDirectory } from '../../../lib/container-directory/get-directory-page';

/** The published directory containers Install Container offers: GET /containers, 50 a page, looped (spec 2 §7). */
export function useDirectoryChoices(enabled: boolean) {
  const query = { pagination_size: CONTAINER_DIRECTORY_PAGE_SIZE };
  return useQuery({
    queryKey: directoryKeys.pages(query),
    queryFn: ({ signal }) => getWholeDirectory(query, signal),
    enabled,
  });
}
