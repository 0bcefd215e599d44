import { accessLabel } from '@ec/contract/access';
import { METADATA_LABELS } from '@ec/contract/device-metadata';
import type { Db } from '../../db/database.ts';
import type { DeviceDomainEvent, DeviceEventBus, DeviceUserChange } from '../../shared/device-event-bus.ts';
import { eventsRepository, type NewDeviceEvent } from './events.repository.ts';

const levelText = (access: number | null) => (access === null ? 'none' : accessLabel(access));
/** 'ann@example.com Read Only → Admin' for the event's message. */
const describeChange = (change: DeviceUserChange) =>
  `${change.email} ${levelText(change.before)} → ${levelText(change.after)}`;

const ROLLOUT_WORDS: Record<string, string> = {
  sent: 'sent',
  acknowledged: 'acknowledged',
  rejected: 'rejected',
  timed_out: 'not answered in time',
  skipped: 'skipped: the device was offline',
  queued: 'queued until the device is online',
};

/** 'Rollout: Outputs set sent (started by ann@example.com)', 'Rollout: Outputs set rejected: Invalid ...'. */
function rolloutMessage(event: Extract<DeviceDomainEvent, { type: 'rollout.device' }>) {
  const what = `Rollout: ${event.shadowName} set ${ROLLOUT_WORDS[event.deviceState] ?? event.deviceState}`;
  if (event.deviceState === 'sent' && event.startedBy) return `${what} (started by ${event.startedBy})`;
  return event.message && event.deviceState !== 'acknowledged' ? `${what}: ${event.message}` : what;
}

/**
 * The device's events (the audit log: who did what, when) as recording listeners of the bus: each is
 * written in the transaction of the change it records, so a change is never stored without its event.
 */
export function recordDeviceAudit(bus: DeviceEventBus) {
  const record = (tx: Db, event: NewDeviceEvent) => eventsRepository(tx).record(event);

  const stops = [
    bus.onRecord('device.adopted', (event, tx) =>
      record(tx, {
        deviceGuid: event.deviceGuid,
        orgGuid: event.orgGuid,
        eventType: 'agent',
        eventData: { message: `Adopted by ${event.actor.email}`, user_guid: event.actor.userGuid },
      }),
    ),
    bus.onRecord('device.forgotten', (event, tx) =>
      record(tx, {
        deviceGuid: event.deviceGuid,
        orgGuid: event.orgGuid,
        eventType: 'agent',
        eventData: {
          message: `Forgotten by ${event.actor.email}: ${event.reason}`,
          user_guid: event.actor.userGuid,
        },
      }),
    ),
    bus.onRecord('device.metadata', (event, tx) =>
      record(tx, {
        deviceGuid: event.deviceGuid,
        orgGuid: event.orgGuid,
        eventType: 'agent',
        eventData: {
          message: `${event.changes.map((change) => METADATA_LABELS[change.key]).join(', ')} changed by ${event.actor.email}`,
          metadata_changes: event.changes,
          user_guid: event.actor.userGuid,
        },
      }),
    ),
    bus.onRecord('device.users', (event, tx) =>
      record(tx, {
        deviceGuid: event.deviceGuid,
        orgGuid: event.orgGuid,
        eventType: 'agent',
        eventData: {
          message: `${event.what} by ${event.actor.email}: ${event.changes.map(describeChange).join(', ')}`,
          user_guid: event.actor.userGuid,
          users: event.changes.map((change) => ({
            user_guid: change.userGuid,
            email: change.email,
            from_access: change.before,
            to_access: change.after,
          })),
        },
      }),
    ),
    bus.onRecord('fleet.changed', (event, tx) =>
      record(tx, {
        deviceGuid: null,
        fleetGuid: event.fleetGuid,
        orgGuid: event.orgGuid,
        eventType: 'agent',
        eventData: {
          ...event.data,
          message: event.message,
          fleet_guid: event.fleetGuid,
          user_guid: event.actor.userGuid,
        },
      }),
    ),
    bus.onRecord('license.changed', (event, tx) =>
      record(tx, {
        deviceGuid: null,
        orgGuid: event.orgGuid,
        eventType: 'agent',
        eventData: {
          ...event.data,
          message: event.message,
          license_id: event.licenseId,
          user_guid: event.actor?.userGuid ?? null,
        },
      }),
    ),
    // A fleet reconnecting says a thousand times online at once: one statement per batch.
    bus.onRecordMany('device.connection', (events, tx) =>
      eventsRepository(tx).recordMany(
        events.map((event) => ({
          deviceGuid: event.deviceGuid,
          orgGuid: event.orgGuid,
          eventType: 'state',
          eventData: {
            message: event.online ? 'Device online' : 'Device offline',
            to_state: event.online ? 'online' : 'offline',
          },
        })),
      ),
    ),
    bus.onRecord('device.event', (event, tx) =>
      record(tx, {
        deviceGuid: event.deviceGuid,
        orgGuid: event.orgGuid,
        eventType: event.eventType,
        eventData: event.eventData,
        timestamp: event.timestamp,
      }),
    ),
    bus.onRecord('device.command', async (event, tx) => {
      if (!event.orgGuid) return;
      if (event.sent)
        await record(tx, {
          deviceGuid: event.deviceGuid,
          orgGuid: event.orgGuid,
          eventType: 'command',
          eventData: {
            message: `${event.command} sent by ${event.sent.actor.email}`,
            command_guid: event.commandGuid,
            data: event.sent.data ?? null,
            user_guid: event.sent.actor.userGuid,
          },
        });
      // The device accepting a command is not worth a row; its end is.
      else if (event.answer && event.state !== 'accepted')
        await record(tx, {
          deviceGuid: event.deviceGuid,
          orgGuid: event.orgGuid,
          eventType: 'command',
          eventData: {
            message: `${event.command} ${event.state}${event.answer.message ? `: ${event.answer.message}` : ''}`,
            command_guid: event.commandGuid,
          },
        });
    }),
    bus.onRecord('rollout.device', (event, tx) =>
      record(tx, {
        deviceGuid: event.deviceGuid,
        orgGuid: event.orgGuid,
        eventType: 'shadow',
        eventData: {
          message: rolloutMessage(event),
          shadow_name: event.shadowName,
          rollout_guid: event.rolloutGuid,
          rollout_device_state: event.deviceState,
          command_guid: event.commandGuid,
        },
      }),
    ),
    bus.onRecord('shadow.command', async (event, tx) => {
      const { answer } = event;
      if (!answer || !event.orgGuid) return;
      await record(tx, {
        deviceGuid: event.deviceGuid,
        orgGuid: event.orgGuid,
        eventType: 'shadow',
        // The versions before and after a set: the history shows what changed between them.
        eventData: {
          message: `${event.shadowName} ${answer.commandType} ${answer.result}`,
          shadow_name: event.shadowName,
          command_guid: event.commandGuid,
          from_shadow: answer.commandType === 'set' ? answer.fromVersion : null,
          to_shadow: answer.toVersion,
          user_guid: answer.createdBy,
        },
      });
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
