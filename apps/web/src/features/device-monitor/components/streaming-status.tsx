import type { Alert } from '@ec/contract/alerts';
import type { Device, DeviceState } from '@ec/contract/devices';
import { streamingStatusLabel } from '@ec/contract/streaming-status';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { InfoGrid } from '../../../components/ui/info-grid';
import { paths } from '../../../config/paths';
import { formatTimestamp } from '../../../lib/format-date';
import { formatUptime } from '../logic/uptime';
import { AlertStateLabel } from './alert-state-label';
import { WidgetDialog } from './widget-dialog';

/**
 * The streaming status label (spec 2 §4.2) that opens the streaming status dialog (spec 2 §2.13):
 * Device Online, Last Boot, Device Uptime, Last Update, the device's alerts (each a way to its Alerts
 * configuration) and its configuration state.
 */
export function StreamingStatus(props: {
  device: Device;
  state: DeviceState | null;
  stateError: boolean;
  /** The device's active alerts; until they are read, the device's own count. */
  alerts: readonly Alert[] | undefined;
  configurationState: string;
}) {
  const { device, state } = props;
  const alerts = props.alerts ?? [];
  const [open, setOpen] = useState(false);
  const { label, tone } = streamingStatusLabel({
    status: device.streaming_status,
    hasError: props.stateError,
    alertCount: props.alerts?.length ?? device.alert_count,
  });
  const online = state?.online ?? device.online;
  return (
    <>
      <Chip
        size="small"
        label={label}
        color={tone}
        variant={tone === 'default' ? 'outlined' : 'filled'}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`Streaming status: ${label}`}
      />
      {open && (
        <WidgetDialog title="Streaming Status" width={600} onClose={() => setOpen(false)}>
          <InfoGrid
            items={[
              { label: 'Device Online', value: online ? 'Yes' : 'No' },
              { label: 'Last Boot', value: formatTimestamp(state?.last_boot) },
              { label: 'Device Uptime', value: online ? formatUptime(state?.last_boot, new Date()) : '' },
              {
                label: 'Last Update',
                value: formatTimestamp(state?.last_state_update ?? device.last_state_update),
              },
              { label: 'Configuration State', value: props.configurationState },
            ]}
          />
          <Typography variant="h4" component="h3" sx={{ mt: 2 }}>
            Device Alerts
          </Typography>
          {alerts.length === 0 ? (
            <Typography color="text.secondary">No active alerts</Typography>
          ) : (
            <List dense aria-label="Device alerts">
              {alerts.map((alert) => (
                <ListItem key={alert.alert_guid} disableGutters>
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <Link
                      component={RouterLink}
                      to={paths.devices.detail.getHref(device.device_guid, 'config', 'Alerts')}
                    >
                      {alert.label || alert.name}
                    </Link>
                    <AlertStateLabel alert={alert} deviceName={device.device_name || device.serial_number} />
                  </Stack>
                </ListItem>
              ))}
            </List>
          )}
        </WidgetDialog>
      )}
    </>
  );
}
