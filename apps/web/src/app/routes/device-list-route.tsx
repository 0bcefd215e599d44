import { BulkActions } from '../../features/bulk-actions/components/bulk-actions';
import { DeviceListPage } from '../../features/devices/components/device-list-page';

/** /devices: the device lists with the bulk actions bar above the organization's. */
export function DeviceListRoute() {
  return <DeviceListPage BulkActions={BulkActions} />;
}
