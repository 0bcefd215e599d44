import type { Device } from '@ec/contract/devices';
import { STREAMING_STATUS } from '@ec/contract/streaming-status';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { RequestError } from '../../components/ui/request-error';
import { DeviceInputPreviews } from '../../features/input-preview/components/device-input-previews';
import { useAllDevices } from '../../lib/devices/get-all-devices';

/**
 * The device the dashboard previews first: a streaming one (its pictures are what is on air), else
 * any online one, by name.
 */
export function defaultPreviewDevice(online: readonly Device[]) {
  return online.find((device) => device.streaming_status === STREAMING_STATUS.streaming) ?? online[0];
}

/**
 * The dashboard's live input preview (spec 2 §2.2, §2.13): one online device's inputs at a time, the
 * device chosen from the organization's online devices (decision 169). Each preview asks its device
 * for a stream of pictures, so the dashboard does not ask every encoder of the organization at once.
 */
export function DashboardInputPreview() {
  // The online devices from the server: in a large organization most are past the first thousand
  // names, which is all a list fetched whole holds.
  const devices = useAllDevices({ status: 'online' });
  const [chosenGuid, setChosenGuid] = useState<string | null>(null);
  if (devices.isPending)
    return <Skeleton variant="rounded" height={200} role="progressbar" aria-label="Loading input previews" />;
  if (devices.error) return <RequestError error={devices.error} onRetry={devices.refetch} />;
  const online = devices.data.toSorted((a, b) => a.device_name.localeCompare(b.device_name));
  const device =
    online.find((candidate) => candidate.device_guid === chosenGuid) ?? defaultPreviewDevice(online);
  if (!device) return <Alert severity="info">No online devices</Alert>;
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Device"
        value={device.device_guid}
        onChange={(event) => setChosenGuid(event.target.value)}
        sx={{ maxWidth: 480 }}
      >
        {online.map((candidate) => (
          <MenuItem key={candidate.device_guid} value={candidate.device_guid}>
            {candidate.device_name}
          </MenuItem>
        ))}
      </TextField>
      <DeviceInputPreviews key={device.device_guid} device={device} />
    </Stack>
  );
}
