import type { DeviceEvent } from '@ec/contract/events';
import type { deviceEvents } from '../../db/tables/events.schema.ts';

/** An event as the tables show it; the user it names gets their e-mail beside the guid. */
export function presentEvent(
  row: typeof deviceEvents.$inferSelect,
  names: { deviceName: string | null; userEmail: string | null },
): DeviceEvent {
  const data = row.eventData;
  return {
    event_guid: row.eventGuid,
    event_type: row.eventType,
    timestamp: row.timestamp.toISOString(),
    device_guid: row.deviceGuid,
    fleet_guid: row.fleetGuid,
    device_name: names.deviceName,
    event_data: names.userEmail && data.email === undefined ? { ...data, email: names.userEmail } : data,
  };
}
