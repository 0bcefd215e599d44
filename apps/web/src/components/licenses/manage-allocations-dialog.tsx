import { licenseName, licenseTypeLabel } from '@ec/contract/entitlements/license-labels';
import {
  type Allocation,
  allocationDevicesBodySchema,
  type License,
} from '@ec/contract/entitlements/licenses';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useAllDevices } from '../../lib/devices/get-all-devices';
import { useDeviceSearch } from '../../lib/devices/search-devices';
import { useAllocations, useChangeAllocations } from '../../lib/licenses/allocations';
import { useSession } from '../../lib/session/session-store';
import { useTokenPagination } from '../../lib/use-token-pagination';
import { actionsColumn } from '../ui/data-table/actions-column';
import { DataTable } from '../ui/data-table/data-table';
import { ErrorAlert } from '../ui/error-alert';
import { SizedDialog } from '../ui/sized-dialog';

interface DeviceOption {
  device_guid: string;
  label: string;
}

/** Allocated, or Pending De-Allocation until the device has been told (spec 3 §4.7). */
export const allocationStatusLabel = (allocation: Allocation) =>
  allocation.pending_deallocation ? 'Pending De-Allocation' : 'Allocated';

/**
 * Manage Allocations (spec 3 §2.8, spec 2 §2.12): the devices a per-device licence is allocated to,
 * 50 a page, each Allocated or Pending De-Allocation with De-Allocate; and devices to allocate, picked
 * from the organization's devices when the licence is the current organization's (its first 1000 by
 * name, and the server's matches of what is typed among all of them), or pasted as guids.
 */
export function ManageAllocationsDialog(props: { license: License; onClose: () => void }) {
  const { license } = props;
  const titleId = useId();
  const { orgGuid } = useSession();
  const paging = useTokenPagination(license.license_id);
  const allocations = useAllocations(license.license_id, paging.token);
  const change = useChangeAllocations(license.license_id);
  const ownOrg = license.org_guid !== null && license.org_guid === orgGuid;
  const devices = useAllDevices({ enabled: ownOrg });
  const [typed, setTyped] = useState('');
  const search = useDeviceSearch(ownOrg ? typed : '');
  const [picked, setPicked] = useState<(DeviceOption | string)[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const byGuid = new Map<string, DeviceOption>();
  for (const device of [...(devices.data ?? []), ...search.devices])
    byGuid.set(device.device_guid, {
      device_guid: device.device_guid,
      label: `${device.device_name || device.serial_number} (${device.serial_number})`,
    });
  const options = [...byGuid.values()];

  const allocate = async () => {
    const guids = picked.map((item) => (typeof item === 'string' ? item.trim() : item.device_guid));
    const body = allocationDevicesBodySchema.safeParse({ devices: guids });
    if (!body.success) {
      setProblem(body.error.issues[0]?.message ?? 'List the devices');
      return;
    }
    setProblem(null);
    const done = await change
      .mutateAsync({ change: 'allocate', devices: body.data.devices })
      .catch(() => null);
    if (done) setPicked([]);
  };

  return (
    <SizedDialog open onClose={props.onClose} width={720} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Manage Allocations: {licenseName(license)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {licenseTypeLabel(license)}
          </Typography>
          <ErrorAlert error={problem ?? change.error} />
          <DataTable<Allocation>
            label="Allocations"
            columns={[
              {
                id: 'device',
                header: 'Device',
                cell: (allocation) => allocation.device_name || allocation.device_guid,
              },
              { id: 'serial', header: 'Serial Number', cell: (allocation) => allocation.serial_number },
              { id: 'status', header: 'Status', cell: allocationStatusLabel },
              actionsColumn((allocation) => (
                <Button
                  size="small"
                  color="error"
                  disabled={allocation.pending_deallocation || change.isPending}
                  onClick={() => change.mutate({ change: 'deallocate', devices: [allocation.device_guid] })}
                  aria-label={`De-Allocate ${allocation.device_name || allocation.serial_number}`}
                >
                  De-Allocate
                </Button>
              )),
            ]}
            rows={allocations.data?.allocations ?? []}
            rowKey={(allocation) => allocation.device_guid}
            emptyText="This license is not allocated to any device."
            query={allocations}
            paging={{
              kind: 'token',
              state: paging,
              nextToken: allocations.data?.pagination_token,
              pageSize: 50,
            }}
          />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <Autocomplete
              multiple
              freeSolo
              fullWidth
              options={options}
              value={picked}
              onChange={(_event, value) => setPicked(value)}
              onInputChange={(_event, text) => setTyped(text)}
              getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
              isOptionEqualToValue={(option, value) =>
                typeof option !== 'string' &&
                typeof value !== 'string' &&
                option.device_guid === value.device_guid
              }
              loading={ownOrg && devices.isLoading}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Devices to allocate"
                  helperText={
                    ownOrg
                      ? 'Pick devices, or paste device GUIDs'
                      : 'Paste device GUIDs, each followed by Enter'
                  }
                />
              )}
            />
            <Button variant="contained" onClick={allocate} loading={change.isPending} sx={{ flexShrink: 0 }}>
              Allocate
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </SizedDialog>
  );
}
