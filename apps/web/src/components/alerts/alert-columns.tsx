import type { Alert } from '@ec/contract/alerts';
import { useDevicesByGuid } from '../../lib/devices/get-devices-by-guid';
import { formatTimestamp } from '../../lib/format-date';
import type { DataTableColumn } from '../ui/data-table/data-table-types';
import { DeviceLabel } from '../ui/device-label';
import { AlertStateLabel } from './alert-state-label';

/**
 * The columns every alerts table starts with (spec 2 §2.2, §2.10): Device (its label, linked), Alert,
 * Created and State; the name, connection and active alerts of the devices `alerts` name are looked up
 * by guid (an alert's device may be any of the organization's). A table whose rows are all loaded
 * sorts by the first three; a server-paged one keeps the server's order.
 */
export function useAlertColumns(options: {
  sortable: boolean;
  alerts: readonly Alert[];
}): DataTableColumn<Alert>[] {
  const { devices: byGuid } = useDevicesByGuid(
    options.alerts.flatMap((alert) => (alert.device_guid ? [alert.device_guid] : [])),
  );
  const deviceName = (alert: Alert) =>
    alert.device_guid ? (byGuid.get(alert.device_guid)?.device_name ?? alert.device_guid) : '';
  const sortable = <T,>(sortValue: T) => (options.sortable ? { sortValue } : {});
  return [
    {
      id: 'device',
      header: 'Device',
      cell: (alert) =>
        alert.device_guid ? (
          <DeviceLabel
            deviceGuid={alert.device_guid}
            name={deviceName(alert)}
            online={byGuid.get(alert.device_guid)?.online}
            alertCount={byGuid.get(alert.device_guid)?.alert_count ?? 0}
          />
        ) : (
          '—'
        ),
      ...sortable(deviceName),
    },
    {
      id: 'alert',
      header: 'Alert',
      cell: (alert) => alert.label || alert.name,
      ...sortable((alert: Alert) => alert.label),
    },
    {
      id: 'created',
      header: 'Created',
      cell: (alert) => formatTimestamp(alert.timestamp),
      ...sortable((alert: Alert) => alert.timestamp),
    },
    {
      id: 'state',
      header: 'State',
      cell: (alert) => <AlertStateLabel alert={alert} deviceName={deviceName(alert)} />,
    },
  ];
}
