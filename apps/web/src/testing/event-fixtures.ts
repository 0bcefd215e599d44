import type { DeviceEvent, ListEventsResponse } from '@ec/contract/events';

let sequence = 0;

/** A device's 'Device online' event unless `overrides` say otherwise. */
export function makeEvent(overrides: Partial<DeviceEvent> = {}): DeviceEvent {
  sequence += 1;
  return {
    event_guid: `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`,
    event_type: 'state',
    timestamp: '2026-11-24T15:04:05.000Z',
    device_guid: '00000000-0000-4000-8000-000000000001',
    fleet_guid: null,
    device_name: 'Studio A',
    event_data: { message: 'Device online', to_state: 'online' },
    ...overrides,
  };
}

export const eventsPage = (
  events: DeviceEvent[],
  paginationToken: string | null = null,
): ListEventsResponse => ({
  events,
  pagination_token: paginationToken,
});
