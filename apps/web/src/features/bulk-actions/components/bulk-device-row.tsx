import type { Device } from '@ec/contract/devices';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useBulkDevice } from '../api/get-bulk-device';
import { BULK_STATUS_LABELS, type BulkItem, isBulkFailure } from '../logic/bulk-status';

export const bulkDeviceName = (device: Device) => device.device_name || device.serial_number;

function StatusIcon({ item }: { item: BulkItem }) {
  if (item.status === 'complete') return <CheckCircleIcon fontSize="small" color="success" aria-hidden />;
  if (isBulkFailure(item.status)) return <ErrorIcon fontSize="small" color="error" aria-hidden />;
  if (item.status === 'queued') return <HourglassEmptyIcon fontSize="small" color="disabled" aria-hidden />;
  return <CircularProgress size={16} aria-hidden />;
}

/**
 * One device of a bulk dialog: its name and serial, whether it is online (spec 2 §2.3 'Device
 * Online' / 'Device Offline', read again every 5 s once the action runs) and, once the action has
 * started, its own status with the device's message.
 */
export function BulkDeviceRow(props: { device: Device; item: BulkItem | undefined; refreshing: boolean }) {
  const { device, item } = props;
  const record = useBulkDevice(device.device_guid, props.refreshing);
  const online = record.data?.device.online ?? device.online;
  const name = bulkDeviceName(device);
  return (
    <Stack
      component="li"
      aria-label={name}
      spacing={0.5}
      sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere', flexGrow: 1 }}>
          {name}
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
            {device.serial_number}
          </Typography>
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={online ? 'success' : 'default'}
          label={online ? 'Device Online' : 'Device Offline'}
        />
      </Stack>
      {item && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <StatusIcon item={item} />
          <Typography
            variant="body2"
            sx={{
              overflowWrap: 'anywhere',
              color: isBulkFailure(item.status) ? 'error.main' : 'text.primary',
            }}
          >
            <strong>{BULK_STATUS_LABELS[item.status]}</strong>: {item.message}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
