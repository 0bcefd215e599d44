import { containerDirectoryOperations } from '@ec/contract/containers/directory';
import { CONTAINER_PAGE_SIZES } from '@ec/contract/device-docker';
import type { DeviceProduct } from '@ec/contract/products';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { dockerKeys } from './docker-keys';

/** GET /containers for the device's platform, 25 a page (spec 3 §7: the device catalogue). */
export function useContainerCatalogue(product: DeviceProduct, token: string | null, enabled: boolean) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: [...dockerKeys.catalogue(orgGuid, product), token] as const,
    queryFn: ({ signal }) =>
      callOperation(containerDirectoryOperations.list, {
        query: {
          pagination_size: CONTAINER_PAGE_SIZES.catalogue,
          platform: product,
          ...(token ? { pagination_token: token } : {}),
        },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
