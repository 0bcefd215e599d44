import type { DeviceRights } from '@ec/contract/access';
import { cloudVersionFlags, updatesAvailable } from '@ec/contract/device-updates';
import type { Device, DeviceState } from '@ec/contract/devices';
import { STREAMING_STATUS, type StreamingStatus } from '@ec/contract/streaming-status';
import type { DeviceRow } from '../../device-core/devices/devices.reads.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** Streaming status from what is stored: no state 5, offline 4, otherwise the outputs' code (spec 2 §4.1). */
export function streamingStatusOf(
  row: Pick<DeviceRow, 'online' | 'outputsStatus'> & { hasState: boolean },
): StreamingStatus {
  if (!row.hasState) return STREAMING_STATUS.noState;
  if (!row.online) return STREAMING_STATUS.offline;
  return (row.outputsStatus ?? STREAMING_STATUS.notConfigured) as StreamingStatus;
}

/** The device as every answer shows it, with its count of active alerts (decision 165). */
export function presentDevice(row: DeviceRow, alertCount: number): Device {
  const state = row.state ?? {};
  const software = {
    product_name: row.productName,
    firmware_version: text(state.firmware_version),
    cloud_version: text(state.cloud_version),
  };
  return {
    device_guid: row.deviceGuid,
    serial_number: row.serialNumber,
    device_name: row.deviceName || row.serialNumber,
    product_name: row.productName,
    mac_address: row.macAddress,
    manufacture_date: row.manufactureDate,
    provision_date: row.provisionDate.toISOString(),
    org_guid: row.orgGuid,
    online: row.online,
    device_ip: text(state.device_ip),
    external_ip: text(state.external_ip),
    firmware_version: text(state.firmware_version),
    system_version: text(state.system_version),
    daemon_version: text(state.daemon_version),
    cloud_version: software.cloud_version,
    ...cloudVersionFlags(software.cloud_version),
    partner_id: row.partnerId,
    last_state_update: row.stateUpdatedAt?.toISOString() ?? null,
    streaming_status: streamingStatusOf({ ...row, hasState: row.state !== null }),
    metadata: row.metadata,
    alert_count: alertCount,
    updates_available: updatesAvailable(software),
  };
}

export function presentDeviceState(row: DeviceRow): DeviceState | null {
  if (!row.state) return null;
  return { ...(row.state as Omit<DeviceState, 'online'>), online: row.online };
}

/** The caller's rights on the device, without `view` (a device they may not view answers 404). */
export function presentDeviceRights(rights: DeviceRights): DeviceRights {
  return { control: rights.control, edit: rights.edit, admin: rights.admin };
}
