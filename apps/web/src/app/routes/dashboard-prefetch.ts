import { devicesByStatusParams } from '../../features/dashboard/api/devices-by-status-params';
import { devicesStatusQueryOptions } from '../../features/dashboard/api/get-devices-status';
import { devicesPrefetchOptions } from '../../lib/devices/get-devices';
import type { PagePrefetch } from '../lazy-page';

/** /dashboard: the status tiles' figures and the Active Streams' first page, asked for before its code is in. */
export const prefetchPage: PagePrefetch['prefetchPage'] = (queryClient, orgGuid) => {
  void queryClient.prefetchQuery(devicesStatusQueryOptions(orgGuid));
  void queryClient.prefetchQuery(devicesPrefetchOptions(orgGuid, devicesByStatusParams('streaming', null)));
};
