import type { LiveEvent } from '@ec/contract/live';
import type { DeviceDomainEvent, DeviceEventBus } from '../../shared/device-event-bus.ts';

export type PublishLive = (orgGuid: string, event: LiveEvent) => void;

const LIVE_TYPES = [
  'device.adopted',
  'device.forgotten',
  'device.connection',
  'device.state',
  'shadow.reported',
  'shadow.command',
  'device.command',
  'device.users',
  'device.entitlements',
  'device.preview',
  'device.docker_logs',
  'device.alert',
  'rollout.progress',
] as const satisfies readonly DeviceDomainEvent['type'][];

type LiveDomainEvent = Extract<DeviceDomainEvent, { type: (typeof LIVE_TYPES)[number] }>;

/** What the organization's browsers are told of an event. */
function toLive(event: LiveDomainEvent): LiveEvent {
  switch (event.type) {
    case 'device.adopted':
    case 'device.forgotten':
    case 'device.state':
    case 'device.users':
    case 'device.entitlements':
      return { type: event.type, device_guid: event.deviceGuid };
    case 'device.connection':
      return { type: event.type, device_guid: event.deviceGuid, online: event.online };
    case 'shadow.reported':
      return {
        type: event.type,
        device_guid: event.deviceGuid,
        shadow_name: event.shadowName,
        version: event.version,
      };
    case 'shadow.command':
      return {
        type: event.type,
        device_guid: event.deviceGuid,
        command_guid: event.commandGuid,
        shadow_name: event.shadowName,
        command_state: event.commandState,
      };
    case 'device.preview':
      return { type: event.type, device_guid: event.deviceGuid, ...event.preview };
    case 'device.docker_logs':
      return { type: event.type, device_guid: event.deviceGuid, ...event.logs };
    case 'device.command':
      return {
        type: event.type,
        device_guid: event.deviceGuid,
        command_guid: event.commandGuid,
        command: event.command,
        state: event.state,
      };
    case 'rollout.progress':
      return {
        type: 'rollout',
        rollout_guid: event.rolloutGuid,
        rollout_state: event.rolloutState,
        current_wave: event.currentWave,
        devices: event.devices.map((device) => ({
          guid: device.deviceGuid,
          device_state: device.deviceState,
        })),
      };
    case 'device.alert':
      return {
        type: 'alert',
        alert_guid: event.alertGuid,
        alert_type: event.alertType,
        device_guid: event.deviceGuid,
      };
  }
}

/** Passes device events to the live channel of the device's organization (every server process). */
export function publishDeviceEventsLive(bus: DeviceEventBus, publishLive: PublishLive) {
  const stops = LIVE_TYPES.map((type) =>
    bus.on(type, (event) => {
      if (event.orgGuid) publishLive(event.orgGuid, toLive(event));
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
