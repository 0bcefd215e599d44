import { firmwareLabel, updatesAvailable } from '@ec/contract/device-updates';
import type { Device } from '@ec/contract/devices';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import Chip from '@mui/material/Chip';
import { useDeviceState } from '../../../lib/devices/get-device-state';
import { useInFlightUpdates } from '../hooks/use-device-updating';

/**
 * The header's firmware label (spec 2 §4.6): 'Updating...', 'Reboot to update', or the firmware
 * version, highlighted (primary, with an update icon) when an update exists and the device is online.
 */
export function FirmwareLabel({ device }: { device: Device }) {
  const state = useDeviceState(device.device_guid);
  const inFlight = useInFlightUpdates(device.device_guid);
  const label = firmwareLabel({
    product: device.product_name,
    state: state.data,
    inFlight,
    firmwareVersion: device.firmware_version,
    online: device.online,
    updates: device.updates_available ?? updatesAvailable(device),
  });
  if (label.kind === 'version' && !label.text) return null;
  const highlighted = label.kind !== 'version' || label.highlighted;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={highlighted ? 'primary' : 'default'}
      icon={highlighted ? <SystemUpdateAltIcon aria-hidden /> : undefined}
      label={`Firmware: ${label.text}`}
      title={label.kind === 'version' && label.highlighted ? 'An update is available' : undefined}
    />
  );
}
