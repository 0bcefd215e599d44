import { organizationDevicesParams } from '../../features/devices/api/organization-devices-params';
import { devicesPrefetchOptions } from '../../lib/devices/get-devices';
import type { PagePrefetch } from '../lazy-page';

/** /devices: the organization tab's first page, asked for before the list's code is in (lazy-page.ts). */
export const prefetchPage: PagePrefetch['prefetchPage'] = (queryClient, orgGuid, search) => {
  if (search.get('tab') === 'mine') return;
  void queryClient.prefetchQuery(devicesPrefetchOptions(orgGuid, organizationDevicesParams('', [], null)));
};
