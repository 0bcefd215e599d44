import type { Device } from '@ec/contract/devices';
import { FLEET_PAGE_SIZE, type Fleet } from '@ec/contract/fleets';
import AddIcon from '@mui/icons-material/Add';
import RemoveCircleIcon from '@mui/icons-material/RemoveCircle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { DeviceTable } from '../../../components/device-list/device-table';
import { useDeviceSelection } from '../../../components/device-list/use-device-selection';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useChangeFleetDevices, useFleetDevices } from '../api/fleet-devices';

/** The device selector another feature offers (the bulk actions' one), given by the app. */
export type DeviceSelectorComponent = ComponentType<{
  open: boolean;
  initial: ReadonlyMap<string, Device>;
  onClose: () => void;
  onDone: (devices: ReadonlyMap<string, Device>) => void;
}>;

/** The bulk actions bar another feature offers, given by the app, for the devices ticked. */
export type FleetBulkActionsComponent = ComponentType<{ devices: readonly Device[]; canEdit: boolean }>;

const NONE: ReadonlyMap<string, Device> = new Map();

/**
 * The fleet's devices (spec 2 §2.6): the device table 50 a page with its column layout, ticked rows
 * for the bulk actions, and for the fleet's editors Add Devices (through the device selector) and
 * Remove Devices.
 */
export function FleetDevices(props: {
  fleet: Fleet;
  DeviceSelector: DeviceSelectorComponent;
  BulkActions: FleetBulkActionsComponent;
}) {
  const { fleet, DeviceSelector, BulkActions } = props;
  const paging = useTokenPagination(fleet.fleet_guid);
  const devices = useFleetDevices(fleet.fleet_guid, paging.token);
  const { selected, toggle, toggleAll, clear } = useDeviceSelection();
  const change = useChangeFleetDevices(fleet.fleet_guid);
  const [adding, setAdding] = useState(false);

  const add = async (chosen: ReadonlyMap<string, Device>) => {
    setAdding(false);
    if (chosen.size > 0)
      await change.mutateAsync({ change: 'add', deviceGuids: [...chosen.keys()] }).catch(() => null);
  };
  const remove = async () => {
    const removed = await change
      .mutateAsync({ change: 'remove', deviceGuids: [...selected.keys()] })
      .catch(() => null);
    if (removed) clear();
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap', gap: 1 }}
      >
        {fleet.editable && (
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setAdding(true)}
              loading={change.isPending && change.variables?.change === 'add'}
            >
              Add Devices
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<RemoveCircleIcon />}
              disabled={selected.size === 0}
              loading={change.isPending && change.variables?.change === 'remove'}
              onClick={() => void remove()}
            >
              Remove Devices
            </Button>
          </Stack>
        )}
        <BulkActions devices={[...selected.values()]} canEdit={fleet.controllable} />
      </Stack>
      <ErrorAlert error={change.error} onClose={() => change.reset()} />
      <DeviceTable
        label="Fleet devices"
        devices={devices.data?.devices ?? []}
        selected={new Set(selected.keys())}
        onToggle={toggle}
        onToggleAll={toggleAll}
        query={devices}
        paging={{
          kind: 'token',
          state: paging,
          nextToken: devices.data?.pagination_token ?? null,
          pageSize: FLEET_PAGE_SIZE,
        }}
      />
      <DeviceSelector
        open={adding}
        initial={NONE}
        onClose={() => setAdding(false)}
        onDone={(chosen) => void add(chosen)}
      />
    </Stack>
  );
}
