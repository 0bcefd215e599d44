import { DEVICE_PAGE_SIZE } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import {
  DeviceListToolbar,
  PRODUCT_FILTER_PAUSE_MS,
  SERIAL_SEARCH_PAUSE_MS,
} from '../../../components/device-list/device-list-toolbar';
import { DeviceTable } from '../../../components/device-list/device-table';
import { useAssignedDevices } from '../../../lib/devices/get-devices';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTokenPagination } from '../../../lib/use-token-pagination';

/**
 * 'Assigned To Me' (spec 2 §2.3): the devices given to the signed-in user as a device user, with the
 * device list's serial search (2 s pause), product filter (0.5 s), column layout and token paging.
 * No bulk actions: they need organization edit rights, and an organization editor uses the first tab.
 */
export function AssignedDevices() {
  const session = useSessionUser();
  const [serial, setSerial] = useState('');
  const [products, setProducts] = useState<DeviceProduct[]>([]);
  const serialFilter = useDebouncedValue(serial.trim(), SERIAL_SEARCH_PAUSE_MS);
  const productFilter = useDebouncedValue(products, PRODUCT_FILTER_PAUSE_MS);
  const paging = useTokenPagination([serialFilter, productFilter]);
  const devices = useAssignedDevices(session.data?.user.user_guid, {
    serial_number: serialFilter || undefined,
    product_names: productFilter.length ? productFilter : undefined,
    pagination_size: DEVICE_PAGE_SIZE,
    pagination_token: paging.token,
  });
  return (
    <Stack spacing={2}>
      <DeviceListToolbar
        serial={serial}
        onSerialChange={setSerial}
        products={products}
        onProductsChange={setProducts}
      />
      <DeviceTable
        label="Devices assigned to me"
        devices={devices.data?.devices ?? []}
        query={devices}
        paging={{
          kind: 'token',
          state: paging,
          nextToken: devices.data?.pagination_token ?? null,
          pageSize: DEVICE_PAGE_SIZE,
        }}
      />
    </Stack>
  );
}
