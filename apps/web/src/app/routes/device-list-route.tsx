import { BulkActions } from '../../features/bulk-actions/components/bulk-actions';
import { DeviceListPage } from '../../features/devices/components/device-list-page';
import { organizationDevicesParams } from '../../features/devices/components/organization-devices';
import { devicesPrefetchOptions } from '../../lib/devices/get-devices';
import type { PagePrefetch } from '../lazy-page';

/** /devices: the device lists with the bulk actions bar above the organization's. */
export function DeviceListRoute() {
  return <DeviceListPage BulkActions={BulkActions} />;
}

/** The organization tab's first page, asked for before the list renders (lazy-page.ts). */
export const prefetchPage: PagePrefetch['prefetchPage'] = (queryClient, orgGuid, search) => {
  if (search.get('tab') === 'mine') return;
  void queryClient.prefetchQuery(devicesPrefetchOptions(orgGuid, organizationDevicesParams('', [], null)));
};
