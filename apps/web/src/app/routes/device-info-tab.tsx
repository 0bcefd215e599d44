import type { Device, DeviceState } from '@ec/contract/devices';
import { PRODUCT_LABELS } from '@ec/contract/products';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { InfoGrid, InfoGridSkeleton, type InfoItem } from '../../components/ui/info-grid';
import { RequestError } from '../../components/ui/request-error';
import { SectionCard } from '../../components/ui/section-card';
import { DeviceMonitorSection } from '../../features/device-monitor/components/device-monitor-section';
import { UpdatesSection } from '../../features/device-updates/components/updates-section';
import { EventsTable } from '../../features/events/components/events-table';
import { DeviceInputPreviews } from '../../features/input-preview/components/device-input-previews';
import { DeviceMetricTiles } from '../../features/metrics/components/device-metric-tiles';
import { useDeviceState } from '../../lib/devices/get-device-state';
import { formatDate, formatTimestamp } from '../../lib/format-date';

const yesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? '' : value ? 'Yes' : 'No';

export function deviceInfoItems(device: Device, showManufactureDate: boolean): InfoItem[] {
  const items: InfoItem[] = [
    { label: 'Name', value: device.device_name },
    { label: 'Serial Number', value: device.serial_number },
    { label: 'Product', value: PRODUCT_LABELS[device.product_name] },
    { label: 'MAC Address', value: device.mac_address },
    { label: 'IP Address', value: device.device_ip },
    { label: 'External IP', value: device.external_ip },
    { label: 'Firmware Version', value: device.firmware_version },
    { label: 'System Version', value: device.system_version },
    { label: 'Daemon Version', value: device.daemon_version },
    { label: 'Cloud Version', value: device.cloud_version },
    { label: 'Online', value: yesNo(device.online) },
    { label: 'Last State Update', value: formatTimestamp(device.last_state_update) },
  ];
  if (showManufactureDate)
    items.push({ label: 'Manufacture Date', value: formatDate(device.manufacture_date) });
  return items;
}

export function deviceStateItems(state: DeviceState): InfoItem[] {
  const throttled = [
    state.gpu_throttling && 'GPU',
    state.cpu_CPU1_throttling && 'CPU1',
    state.cpu_CPU2_throttling && 'CPU2',
    state.cpu_CPU3_throttling && 'CPU3',
    state.cpu_CPU4_throttling && 'CPU4',
  ].filter(Boolean);
  return [
    { label: 'Online', value: yesNo(state.online) },
    { label: 'IP Address', value: state.device_ip },
    { label: 'External IP', value: state.external_ip },
    { label: 'IP Scheme', value: state.ip_scheme?.toUpperCase() },
    { label: 'Serial Number', value: state.serial_number },
    { label: 'Current MAC Address', value: state.mac_address_current },
    { label: 'Last Boot', value: formatTimestamp(state.last_boot) },
    { label: 'Last State Update', value: formatTimestamp(state.last_state_update) },
    { label: 'Ready For Commands', value: yesNo(state.ready_for_commands) },
    { label: 'Firmware Version', value: state.firmware_version },
    { label: 'System Version', value: state.system_version },
    { label: 'Daemon Version', value: state.daemon_version },
    { label: 'Cloud Version', value: state.cloud_version },
    { label: 'ADB Port', value: state.adb_port === null ? 'Disabled' : String(state.adb_port) },
    { label: 'Local UI Password Set', value: yesNo(state.ui_password_set) },
    {
      label: 'Storage Devices',
      value: state.storage_devices
        .filter((storage) => storage.uuid)
        .map((storage) => `${storage.name || storage.type} (${storage.type})`)
        .join(', '),
    },
    {
      label: 'Updates',
      value: state.update_state.map((update) => `${update.module}: ${update.status}`).join(', '),
    },
    { label: 'Throttling', value: throttled.length ? throttled.join(', ') : 'None' },
  ];
}

/** Info tab (spec 2 §2.5): device info grid, device state grid and the Device Events table. */
export function DeviceInfoTab({ device, isPlatformAdmin }: { device: Device; isPlatformAdmin: boolean }) {
  const state = useDeviceState(device.device_guid);
  return (
    <Stack spacing={2}>
      <DeviceMetricTiles deviceGuid={device.device_guid} />
      <DeviceMonitorSection device={device} />
      <SectionCard titleVariant="h3" title="Device Info" label="Device Info">
        <InfoGrid items={deviceInfoItems(device, isPlatformAdmin)} />
      </SectionCard>
      <SectionCard titleVariant="h3" title="Device State" label="Device State">
        {state.isPending && <InfoGridSkeleton label="Loading device state" />}
        <RequestError error={state.error} onRetry={state.refetch} />
        {state.isSuccess && state.data === null && <Alert severity="info">This device has no state</Alert>}
        {state.data && <InfoGrid items={deviceStateItems(state.data)} />}
      </SectionCard>
      <UpdatesSection device={device} />
      <SectionCard titleVariant="h3" title="Input Preview" label="Input Preview">
        <DeviceInputPreviews device={device} />
      </SectionCard>
      <SectionCard titleVariant="h3" title="Device Events" label="Device Events">
        <EventsTable source={{ deviceGuid: device.device_guid }} label="Device events" />
      </SectionCard>
    </Stack>
  );
}
