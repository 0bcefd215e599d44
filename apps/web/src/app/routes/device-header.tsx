import { deploymentStatusLabel, metadataValue } from '@ec/contract/device-metadata';
import type { Device } from '@ec/contract/devices';
import { PRODUCT_LABELS } from '@ec/contract/products';
import ErrorIcon from '@mui/icons-material/Error';
import RouterIcon from '@mui/icons-material/Router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DeviceAlertToolbar } from '../../components/alerts/device-alert-toolbar';
import { BackButton } from '../../components/ui/back-button';
import { StreamingStatusChip } from '../../components/ui/streaming-status-chip';
import { paths } from '../../config/paths';
import { DeviceCommandsMenu } from '../../features/device-commands/components/device-commands-menu';
import { FirmwareLabel } from '../../features/device-updates/components/firmware-label';
import { useDeviceAlerts } from '../../lib/alerts/get-device-alerts';
import { useDevice } from '../../lib/devices/get-device';

/** Until the device's answer is in the cache, nothing is granted: no Commands menu. */
const NO_RIGHTS = { control: false, edit: false, admin: false };

/**
 * Device page header (spec 2 §2.5): device label, alert toolbar, metadata and the Commands menu. What
 * the user may do comes with the device's answer (its `rights`), which the page has already loaded.
 * The device's active alerts, once read, give the status label its count, so label and toolbar agree.
 */
export function DeviceHeader({ device }: { device: Device }) {
  const rights = useDevice(device.device_guid).data?.rights ?? NO_RIGHTS;
  const alerts = useDeviceAlerts(device.device_guid).data;
  const alertCount = alerts?.length ?? device.alert_count;
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
        {alertCount > 0 && (
          <ErrorIcon color="error" titleAccess={`${alertCount} active alert${alertCount === 1 ? '' : 's'}`} />
        )}
        {alias && <Typography color="text.secondary">({alias})</Typography>}
        <Chip size="small" label={PRODUCT_LABELS[device.product_name]} variant="outlined" />
        <Chip
          size="small"
          label={device.online ? 'Online' : 'Offline'}
          color={device.online ? 'success' : 'default'}
          variant="outlined"
        />
        <StreamingStatusChip status={device.streaming_status} alertCount={alertCount} />
        <FirmwareLabel device={device} />
        <Box sx={{ flexGrow: 1 }} />
        <DeviceCommandsMenu device={device} rights={rights} />
      </Stack>
      <DeviceAlertToolbar deviceGuid={device.device_guid} alerts={alerts ?? []} />
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
