import type { Device } from '@ec/contract/devices';
import type { Fleet } from '@ec/contract/fleets';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DeviceLabel } from '../../../components/ui/device-label';
import { placeholderKeys } from '../../../components/ui/placeholder-keys';
import { RequestError } from '../../../components/ui/request-error';
import { StreamingStatusChip } from '../../../components/ui/streaming-status-chip';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { deviceQueryOptions } from '../../../lib/devices/get-device';
import { useDeviceEntitlements } from '../../../lib/entitlements/get-device-entitlements';
import { useFleetDevices } from '../../../lib/fleets/get-fleet-devices';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';
import { byStreamingStatus, type MonitorTone, monitorTone } from '../logic/monitor-order';

/** The cloud feature the monitor needs on each device (spec 2 §5). */
export const FLEET_MONITOR_FEATURE = 'services.cloud.fleet_monitor.enabled';
export const NOT_LICENSED = 'Not licensed';
export const NO_CONFIGURED_DEVICES = 'No configured devices';

const TONE_COLOURS: Record<MonitorTone, string> = {
  success: 'success.main',
  error: 'error.main',
  warning: 'warning.main',
  grey: 'grey.500',
};

const GRID_SX = {
  display: 'grid',
  gap: 2,
  // Wide enough for the monitor's tables without scrolling: one column, two on very wide screens.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 900px), 1fr))',
  alignItems: 'start',
} as const;

/**
 * The fleet's Monitor tab (spec 2 §2.6): a card per device, sorted by streaming status and edged in its
 * colour (spec 2 §4.1), with the device's monitor view and Refresh while it is online. What a card shows
 * of the device (`monitor`) and the editors' actions (`actions`: Configure Device, output control) are
 * given by the app.
 */
export function FleetMonitor(props: {
  fleet: Fleet;
  monitor: (device: Device) => ReactNode;
  actions?: (device: Device) => ReactNode;
}) {
  const devices = useFleetDevices(props.fleet.fleet_guid);
  if (devices.isPending)
    return (
      <Box sx={GRID_SX} role="status" aria-busy="true">
        <VisuallyHidden>Loading the fleet's devices</VisuallyHidden>
        {placeholderKeys(2).map((key) => (
          <Skeleton key={key} variant="rounded" height={240} aria-hidden="true" />
        ))}
      </Box>
    );
  if (devices.isError) return <RequestError error={devices.error} onRetry={devices.refetch} />;
  if (devices.data.length === 0) return <Alert severity="info">{NO_CONFIGURED_DEVICES}</Alert>;
  return (
    <Box sx={GRID_SX}>
      {byStreamingStatus(devices.data).map((device) => (
        <MonitorCard
          key={device.device_guid}
          device={device}
          monitor={props.monitor}
          actions={props.actions}
        />
      ))}
    </Box>
  );
}

function MonitorCard(props: {
  device: Device;
  monitor: (device: Device) => ReactNode;
  actions?: (device: Device) => ReactNode;
}) {
  const { device } = props;
  const name = device.device_name || device.serial_number;
  const { orgGuid } = useSession();
  const queryClient = useQueryClient();
  const entitlements = useDeviceEntitlements(device.device_guid);
  // Device admins bypass the feature gates (spec 2 §5).
  const admin = useQuery(deviceQueryOptions(orgGuid, device.device_guid)).data?.rights.admin === true;
  const licensed = admin || entitlements.data?.properties[FLEET_MONITOR_FEATURE] === true;
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: queryRoots.device(orgGuid, device.device_guid) });

  let body: ReactNode;
  if (entitlements.isPending)
    body = <Skeleton variant="rounded" height={160} role="progressbar" aria-label={`Loading ${name}`} />;
  else if (entitlements.isError)
    body = <RequestError error={entitlements.error} onRetry={entitlements.refetch} />;
  else if (!licensed) body = <Alert severity="warning">{NOT_LICENSED}</Alert>;
  else if (!device.online) body = <Typography color="text.secondary">The device is offline.</Typography>;
  else body = props.monitor(device);

  return (
    <Paper
      component="section"
      aria-label={name}
      variant="outlined"
      sx={{
        p: 2,
        borderLeft: 6,
        borderLeftColor: TONE_COLOURS[monitorTone(device.streaming_status)],
        minWidth: 0,
      }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h2" sx={{ typography: 'subtitle1', fontWeight: 600, mr: 'auto', minWidth: 0 }}>
            <DeviceLabel
              deviceGuid={device.device_guid}
              name={name}
              alertCount={device.alert_count}
              online={device.online}
            />
          </Typography>
          <StreamingStatusChip status={device.streaming_status} alertCount={device.alert_count} />
          <Tooltip title={device.online ? 'Refresh' : 'The device is offline'}>
            <span>
              <IconButton
                size="small"
                aria-label={`Refresh ${name}`}
                disabled={!device.online}
                onClick={refresh}
              >
                <RefreshIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
        {body}
        {props.actions && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {props.actions(device)}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
