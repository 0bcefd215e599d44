import type { DeviceStatusFilter, DevicesStatus } from '@ec/contract/devices';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { DeviceStatusList } from './device-status-list';
import { StatusTile } from './status-tile';

/**
 * The status tiles of a set of devices (spec 2 §2.2, §2.6): online and streaming as 'n / total', and
 * the alerts, each opening its list; `alertsList` is what the Alerts tile opens (the organization's
 * active alerts on the dashboard, the devices with alerts of a fleet). `statusList`, when given, is
 * what the Online and Streaming tiles open (the dashboard's lists paged on the server); without it they
 * list the devices the status names.
 */
export function DeviceStatusTiles(props: {
  status: DevicesStatus | undefined;
  loading: boolean;
  alertsList: () => ReactNode;
  statusList?: (label: string, status: DeviceStatusFilter) => ReactNode;
}) {
  const s = props.status;
  const of = (count: number | undefined) => (s ? `${count ?? 0} / ${s.total_devices}` : '—');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} aria-busy={props.loading || undefined}>
      <StatusTile
        title="Online Devices"
        value={of(s?.total_online)}
        loading={props.loading}
        list={() =>
          props.statusList?.('Online Devices', 'online') ?? (
            <DeviceStatusList label="Online Devices" deviceGuids={s?.devices_online ?? []} />
          )
        }
      />
      <StatusTile
        title="Streaming Devices"
        value={of(s?.total_streaming)}
        loading={props.loading}
        list={() =>
          props.statusList?.('Streaming Devices', 'streaming') ?? (
            <DeviceStatusList label="Streaming Devices" deviceGuids={s?.devices_streaming ?? []} />
          )
        }
      />
      <StatusTile
        title="Alerts"
        value={s ? String(s.total_alerts) : '—'}
        loading={props.loading}
        list={props.alertsList}
      />
    </Stack>
  );
}
