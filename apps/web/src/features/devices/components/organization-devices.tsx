import { canEditWith } from '@ec/contract/access';
import type { Device } from '@ec/contract/devices';
import { DEVICE_PAGE_SIZE } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ComponentType, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DeviceListToolbar,
  PRODUCT_FILTER_PAUSE_MS,
  SERIAL_SEARCH_PAUSE_MS,
} from '../../../components/device-list/device-list-toolbar';
import { DeviceTable } from '../../../components/device-list/device-table';
import { useDeviceSelection } from '../../../components/device-list/use-device-selection';
import { paths } from '../../../config/paths';
import { useDevices } from '../../../lib/devices/get-devices';
import { useCurrentOrg } from '../../../lib/session/get-orgs';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { organizationDevicesParams } from '../api/organization-devices-params';

/** What the bulk actions bar above the table is given: the selected devices. */
export interface BulkActionsProps {
  devices: readonly Device[];
  canEdit: boolean;
  /** Forgetting goes through this feature's Forget box. */
  onForget: () => void;
}

/**
 * The organization's devices: serial search, product filter, adoption, bulk actions on the selection
 * (another feature's bar, given by the app), token paging.
 */
export function OrganizationDevices({ BulkActions }: { BulkActions?: ComponentType<BulkActionsProps> }) {
  const navigate = useNavigate();
  const { org } = useCurrentOrg();
  const canEdit = canEditWith(org?.access);
  const [serial, setSerial] = useState('');
  const [products, setProducts] = useState<DeviceProduct[]>([]);
  const { selected, toggle, toggleAll, clear } = useDeviceSelection();
  const serialFilter = useDebouncedValue(serial.trim(), SERIAL_SEARCH_PAUSE_MS);
  const productFilter = useDebouncedValue(products, PRODUCT_FILTER_PAUSE_MS);
  const paging = useTokenPagination([serialFilter, productFilter]);

  const devices = useDevices(organizationDevicesParams(serialFilter, productFilter, paging.token));
  const rows = devices.data?.devices ?? [];
  const nextToken = devices.data?.pagination_token ?? null;

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
      {/* A new search starts a new selection as it is typed, not when the list follows it after the
          pause: a device ticked in between is kept. */}
      <DeviceListToolbar
        serial={serial}
        onSerialChange={(next) => {
          setSerial(next);
          clear();
        }}
        products={products}
        onProductsChange={(next) => {
          setProducts(next);
          clear();
        }}
      >
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
      </DeviceListToolbar>
      {BulkActions && (
        <BulkActions devices={[...selected.values()]} canEdit={canEdit} onForget={forgetSelected} />
      )}
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
