import { canEditWith } from '@ec/contract/access';
import { DEVICE_PAGE_SIZE, type Device } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ProductFilter } from '../../../components/ui/product-filter';
import { SearchField } from '../../../components/ui/search-field';
import { paths } from '../../../config/paths';
import { useCurrentOrg } from '../../../lib/session/get-orgs';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useDevices } from '../api/get-devices';
import { BulkActions } from './bulk-actions';
import { DeviceLayoutButton } from './device-layout-dialog';
import { DeviceTable } from './device-table';

export const SERIAL_SEARCH_PAUSE_MS = 2000;
export const PRODUCT_FILTER_PAUSE_MS = 500;

/** The organization's devices: serial search, product filter, adoption, bulk forgetting, token paging. */
export function OrganizationDevices() {
  const navigate = useNavigate();
  const { org } = useCurrentOrg();
  const canEdit = canEditWith(org?.access);
  const [serial, setSerial] = useState('');
  const [products, setProducts] = useState<DeviceProduct[]>([]);
  const [selected, setSelected] = useState<Map<string, Device>>(new Map());
  const serialFilter = useDebouncedValue(serial.trim(), SERIAL_SEARCH_PAUSE_MS);
  const productFilter = useDebouncedValue(products, PRODUCT_FILTER_PAUSE_MS);
  const paging = useTokenPagination([serialFilter, productFilter]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: filters changing clears the selection
  useEffect(() => setSelected(new Map()), [serialFilter, productFilter]);

  const devices = useDevices({
    serial_number: serialFilter || undefined,
    product_names: productFilter.length ? productFilter : undefined,
    pagination_size: DEVICE_PAGE_SIZE,
    pagination_token: paging.token,
  });
  const rows = devices.data?.devices ?? [];
  const nextToken = devices.data?.pagination_token ?? null;

  const toggle = (device: Device) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(device.device_guid)) next.delete(device.device_guid);
      else next.set(device.device_guid, device);
      return next;
    });
  const toggleAll = (checked: boolean, pageRows: readonly Device[]) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const device of pageRows) {
        if (checked) next.set(device.device_guid, device);
        else next.delete(device.device_guid);
      }
      return next;
    });

  // Forgetting selected rows opens the Forget box with the selection in its query (serial and
  // device_guid repeated), so the same box, its Reason field and its progress serve one or many.
  const forgetSelected = () =>
    navigate(
      paths.devices.forget.getHref(
        [...selected.values()].map((device) => ({
          serial: device.serial_number,
          deviceGuid: device.device_guid,
        })),
      ),
    );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <SearchField
          label="Serial Number"
          value={serial}
          onChange={setSerial}
          placeholder="Search by serial number"
          width={280}
        />
        <ProductFilter value={products} onChange={setProducts} />
        <Stack direction="row" spacing={1} sx={{ flexGrow: 1, justifyContent: 'flex-end' }}>
          <DeviceLayoutButton />
          {canEdit && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              component={Link}
              to={paths.devices.adopt.getHref()}
            >
              Adopt Device
            </Button>
          )}
        </Stack>
      </Stack>
      <BulkActions count={selected.size} canEdit={canEdit} onForget={forgetSelected} />
      <DeviceTable
        devices={rows}
        selected={new Set(selected.keys())}
        onToggle={toggle}
        onToggleAll={toggleAll}
        query={devices}
        paging={{ kind: 'token', state: paging, nextToken, pageSize: DEVICE_PAGE_SIZE }}
      />
    </Stack>
  );
}
