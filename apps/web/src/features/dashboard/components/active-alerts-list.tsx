import { type Alert, alertStateLabel } from '@ec/contract/alerts';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { DeviceLabel } from '../../../components/ui/device-label';
import { formatTimestamp } from '../../../lib/format-date';
import { useActiveAlerts } from '../../alerts/api/get-active-alerts';
import { useAllDevices } from '../../devices/api/get-all-devices';

/**
 * The organization's active alerts of both kinds, newest first (spec 2 §2.2's Active Alerts table:
 * Device, Alert, Created, State). The lists are the ones the bell already polls.
 */
export function ActiveAlertsList() {
  const [deviceAlerts, otherAlerts] = useActiveAlerts();
  const devices = useAllDevices();
  const names = new Map((devices.data ?? []).map((device) => [device.device_guid, device.device_name]));
  const rows = [...(deviceAlerts?.data ?? []), ...(otherAlerts?.data ?? [])];
  const failed = deviceAlerts?.error ?? otherAlerts?.error;
  const columns: DataTableColumn<Alert>[] = [
    {
      id: 'device',
      header: 'Device',
      cell: (alert) =>
        alert.device_guid ? (
          <DeviceLabel
            deviceGuid={alert.device_guid}
            name={names.get(alert.device_guid) ?? alert.device_guid}
          />
        ) : (
          '—'
        ),
    },
    {
      id: 'alert',
      header: 'Alert',
      cell: (alert) => alert.label || alert.name,
      sortValue: (alert) => alert.label,
    },
    {
      id: 'created',
      header: 'Created',
      cell: (alert) => formatTimestamp(alert.timestamp),
      sortValue: (alert) => alert.timestamp,
    },
    { id: 'state', header: 'State', cell: alertStateLabel },
  ];
  return (
    <DataTable
      label="Active Alerts"
      columns={columns}
      rows={rows}
      rowKey={(alert) => alert.alert_guid}
      emptyText="No active alerts"
      query={{
        isLoading: Boolean(deviceAlerts?.isLoading || otherAlerts?.isLoading),
        isFetching: Boolean(deviceAlerts?.isFetching || otherAlerts?.isFetching),
        isSuccess: Boolean(deviceAlerts?.isSuccess && otherAlerts?.isSuccess),
        error: failed ?? null,
        refetch: () => Promise.all([deviceAlerts?.refetch(), otherAlerts?.refetch()]),
      }}
      defaultSort={{ columnId: 'created', direction: 'desc' }}
      paging={{ kind: 'client', pageSizes: [10, 25, 50, -1] }}
    />
  );
}
