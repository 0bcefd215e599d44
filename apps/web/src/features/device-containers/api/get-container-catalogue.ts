import { CONTAINER_PAGE_SIZES } from '@ec/contract/device-docker';
import type { DeviceProduct } from '@ec/contract/products';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DirectoryQuery, directoryKeys } from '../../../lib/container-directory/directory-keys';
import { getDirectoryPage } from '../../../lib/container-directory/get-directory-page';

/** GET /containers for the device's platform, 25 a page (spec 3 §7: the device catalogue). */
export function useContainerCatalogue(product: DeviceProduct, token: string | null, enabled: boolean) {
  const query: DirectoryQuery = {
    pagination_size: CONTAINER_PAGE_SIZES.catalogue,
    platform: product,
    ...(token ? { pagination_token: token } : {}),
  };
  return useQuery({
    queryKey: directoryKeys.pages(query),
    queryFn: ({ signal }) => getDirectoryPage(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
