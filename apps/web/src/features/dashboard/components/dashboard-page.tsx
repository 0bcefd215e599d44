import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import { RequestError } from '../../../components/ui/request-error';
import { useCurrentOrg } from '../../../lib/session/get-orgs';
import { useDevicesStatus } from '../api/get-devices-status';
import { StatusTile } from './status-tile';

// The lists behind the tiles load when a tile is opened, not with the dashboard.
const DeviceStatusList = lazy(() =>
  import('./device-status-list').then((m) => ({ default: m.DeviceStatusList })),
);
const ActiveAlertsList = lazy(() =>
  import('./active-alerts-list').then((m) => ({ default: m.ActiveAlertsList })),
);

/**
 * /dashboard: the organization's name and its device status tiles, each opening its list (the rest of
 * spec 2 §2.2 comes with the dashboard work).
 */
export function DashboardPage() {
  const { org, orgGuid } = useCurrentOrg();
  const status = useDevicesStatus();
  const s = status.data;
  const of = (count: number | undefined) => (s ? `${count ?? 0} / ${s.total_devices}` : '—');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{org?.org_name ?? orgGuid}</Typography>
      <RequestError error={status.error} onRetry={status.refetch} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} aria-busy={status.isLoading || undefined}>
        <StatusTile
          title="Online Devices"
          value={of(s?.total_online)}
          loading={status.isLoading}
          list={() => <DeviceStatusList label="Online Devices" deviceGuids={s?.devices_online ?? []} />}
        />
        <StatusTile
          title="Streaming Devices"
          value={of(s?.total_streaming)}
          loading={status.isLoading}
          list={() => <DeviceStatusList label="Streaming Devices" deviceGuids={s?.devices_streaming ?? []} />}
        />
        <StatusTile
          title="Alerts"
          value={s ? String(s.total_alerts) : '—'}
          loading={status.isLoading}
          list={() => <ActiveAlertsList />}
        />
      </Stack>
    </Stack>
  );
}
