import type { Alert } from '@ec/contract/alerts';
import { useAllDevices } from '../../lib/devices/get-all-devices';
import { formatTimestamp } from '../../lib/format-date';
import type { DataTableColumn } from '../ui/data-table/data-table-types';
import { DeviceLabel } from '../ui/device-label';
import { AlertStateLabel } from './alert-state-label';

/**
 * The columns every alerts table starts with (spec 2 §2.2, §2.10): Device (its label, linked), Alert,
 * Created and State; the device's name, connection and active alerts come from the organization's
 * device list. A table whose rows
 * are all loaded sorts by the first three; a server-paged one keeps the server's order.
 */
export function useAlertColumns(options: { sortable: boolean }): DataTableColumn<Alert>[] {
  const devices = useAllDevices();
  const byGuid = new Map((devices.data ?? []).map((device) => [device.device_guid, device]));
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
