import { deploymentStatusLabel, metadataValue } from '@ec/contract/device-metadata';
import type { Device } from '@ec/contract/devices';
import { PRODUCT_LABELS } from '@ec/contract/products';
import RouterIcon from '@mui/icons-material/Router';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BackButton } from '../../../components/ui/back-button';
import { StreamingStatusChip } from '../../../components/ui/streaming-status-chip';
import { paths } from '../../../config/paths';

/** Device page header (spec 2 §2.5): device label and metadata. */
export function DeviceHeader({ device }: { device: Device }) {
  const alias = metadataValue(device.metadata, 'device_alias');
  const location = metadataValue(device.metadata, 'location');
  const note = metadataValue(device.metadata, 'note');
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <div>
        <BackButton to={paths.devices.list.getHref()} label="Devices" />
      </div>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <RouterIcon color={device.online ? 'success' : 'disabled'} aria-hidden />
        <Typography variant="h1">{device.device_name || device.serial_number}</Typography>
        {alias && <Typography color="text.secondary">({alias})</Typography>}
        <Chip size="small" label={PRODUCT_LABELS[device.product_name]} variant="outlined" />
        <Chip
          size="small"
          label={device.online ? 'Online' : 'Offline'}
          color={device.online ? 'success' : 'default'}
          variant="outlined"
        />
        <StreamingStatusChip status={device.streaming_status} />
      </Stack>
      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 0.5, color: 'text.secondary' }}>
        <Typography variant="body2">Serial Number: {device.serial_number}</Typography>
        {location && <Typography variant="body2">Location: {location}</Typography>}
        <Typography variant="body2">
          Deployment Status: {deploymentStatusLabel(metadataValue(device.metadata, 'deployment_status'))}
        </Typography>
        {note && <Typography variant="body2">Note: {note}</Typography>}
      </Stack>
    </Stack>
  );
}
