import type { DeviceCommandState } from '@ec/contract/device-command-states';
import type { MetadataKey } from '@ec/contract/device-metadata';
import type { DockerLogsMessage } from '@ec/contract/docker-logs';
import type { InputPreviewMessage } from '@ec/contract/input-preview';
import type { CommandState } from '@ec/contract/shadows';
import type { Db } from '../db/database.ts';

/** Who made a change: a person, named in the device's events by address. */
export interface Actor {
  userGuid: string;
  email: string;
}

/** One device user whose access changed: null before for a new user, null after for a removed one. */
export interface DeviceUserChange {
  userGuid: string;
  email: string;
  before: number | null;
  after: number | null;
}

/**
 * What happened to a device, said by the device core's services. Recording listeners (the audit log,
 * device-core/events/device-audit.ts) write in the change's own transaction; the others (the live
 * channel, the alert engine, alert e-mails; fleet status later) hear it once it is stored.
 */
export type DeviceDomainEvent =
  | FleetDomainEvent
  | EntitlementDomainEvent
  /** The device's effective entitlements were read again and sent to it: open pages refetch them. */
  | { type: 'device.entitlements'; deviceGuid: string; orgGuid: string | null }
  | { type: 'device.adopted'; deviceGuid: string; orgGuid: string; actor: Actor }
  | { type: 'device.forgotten'; deviceGuid: string; orgGuid: string; actor: Actor; reason: string }
  | { type: 'device.connection'; deviceGuid: string; orgGuid: string | null; online: boolean }
  | { type: 'device.state'; deviceGuid: string; orgGuid: string | null }
  | {
      type: 'device.metadata';
      deviceGuid: string;
      orgGuid: string;
      actor: Actor;
      changes: { key: MetadataKey; from: string | null; to: string | null }[];
    }
  /** Something the device itself reports (spec 2 §2.9), as it came. */
  | {
      type: 'device.event';
      deviceGuid: string;
      orgGuid: string | null;
      eventType: string;
      eventData: Record<string, unknown>;
      timestamp: Date;
    }
  | {
      type: 'shadow.reported';
      deviceGuid: string;
      orgGuid: string | null;
      shadowName: string;
      version: number;
    }
  | {
      type: 'shadow.command';
      deviceGuid: string;
      orgGuid: string | null;
      commandGuid: string;
      shadowName: string;
      commandState: CommandState;
      /** The device's own answer, when this change is one. */
      answer?: {
        commandType: 'get' | 'set';
        result: 'succeeded' | 'failed';
        /** The version a set was written against, and the one the device reports now. */
        fromVersion: number | null;
        toVersion: number | null;
        createdBy: string | null;
      };
    }
  | {
      type: 'device.users';
      deviceGuid: string;
      orgGuid: string;
      actor: Actor;
      /** What happened, for the device's events: 'Device users changed', ... */
      what: string;
      changes: DeviceUserChange[];
    }
  /** The device was added to or removed from a fleet (features/fleets), once stored. */
  | {
      type: 'device.fleet';
      deviceGuid: string;
      orgGuid: string;
      fleetGuid: string;
      change: 'added' | 'removed';
    }
  /** One input's live preview, relayed as it came and stored nowhere. */
  | { type: 'device.preview'; deviceGuid: string; orgGuid: string; preview: InputPreviewMessage }
  /** A container's log lines for one log session, relayed as they came and stored nowhere. */
  | { type: 'device.docker_logs'; deviceGuid: string; orgGuid: string; logs: DockerLogsMessage }
  /** A metrics sample stored (features/metrics): the alert engine judges the metric rules on it. */
  | {
      type: 'device.metrics';
      deviceGuid: string;
      orgGuid: string;
      sampledAt: Date;
      readings: { namespace: string; metricName: string; value: number }[];
    }
  /** An alert raised, resolved, silenced, unsilenced or closed (features/alerts). */
  | {
      type: 'device.alert';
      deviceGuid: string;
      orgGuid: string;
      alertGuid: string;
      alertType: 'device' | 'other';
      change: 'raised' | 'resolved' | 'silenced' | 'unsilenced' | 'closed';
      /** When raised: the value that raised it (the alert e-mail quotes it). */
      observed?: unknown;
    }
  /**
   * A device's part in a rollout moved on (device-core/rollouts): its set sent, its answer, or it was
   * skipped as offline. Recorded in the device's events with the rollout's guid.
   */
  | {
      type: 'rollout.device';
      deviceGuid: string;
      orgGuid: string;
      rolloutGuid: string;
      shadowName: string;
      deviceState: string;
      commandGuid: string | null;
      message: string | null;
      /** Who started the rollout. */
      startedBy: string | null;
    }
  /** A rollout's state, wave or devices changed: the live channel tells the organization's browsers. */
  | {
      type: 'rollout.progress';
      /** None: the event is about a rollout of many devices. */
      deviceGuid?: undefined;
      orgGuid: string;
      rolloutGuid: string;
      rolloutState: string;
      currentWave: number;
      devices: { deviceGuid: string; deviceState: string }[];
    }
  | {
      type: 'device.command';
      deviceGuid: string;
      orgGuid: string | null;
      commandGuid: string;
      command: string;
      state: DeviceCommandState;
      /** Sent by a person: who, and the data as stored (secrets replaced). */
      sent?: { actor: Actor; data: unknown };
      /** The device's own answer, with its message. */
      answer?: { message: string | null };
    };

/**
 * A change of a fleet itself (decision 179): created, renamed, its users or invites. Recorded as an
 * event of the fleet (no device) in the change's transaction; devices added and removed are recorded
 * on the devices (DeviceService.recordFleetDevices) with the fleet named.
 */
export type FleetDomainEvent = {
  type: 'fleet.changed';
  fleetGuid: string;
  orgGuid: string;
  actor: Actor;
  /** 'Fleet created by ann@example.com', 'Fleet users changed by ...' */
  message: string;
  /** What the message sums up, kept with it (users and levels, the invited address, names). */
  data?: Record<string, unknown>;
};

/**
 * Licensing changes (features/entitlements). `license.changed` is recorded as an event of the
 * licence's organization (none for a serial-number licence) in the change's transaction;
 * `entitlement_profile.changed`, emitted once a profile's values are stored (created, changed or
 * deleted), sends every device that holds the profile (or, for a base profile, every device of its
 * product) its new entitlements.
 */
export type EntitlementDomainEvent =
  | {
      type: 'license.changed';
      deviceGuid?: undefined;
      orgGuid: string | null;
      licenseId: string;
      actor: Actor | null;
      /** 'License created by ann@example.com', 'License expired', ... */
      message: string;
      data?: Record<string, unknown>;
    }
  | { type: 'entitlement_profile.changed'; deviceGuid?: undefined; orgGuid?: undefined; profileGuid: string };

type EventOf<T extends DeviceDomainEvent['type']> = Extract<DeviceDomainEvent, { type: T }>;
type Listener<T extends DeviceDomainEvent['type']> = (event: EventOf<T>) => void;
type RecordingListener<T extends DeviceDomainEvent['type']> = (event: EventOf<T>, db: Db) => Promise<void>;
type BatchRecordingListener<T extends DeviceDomainEvent['type']> = (
  events: readonly EventOf<T>[],
  db: Db,
) => Promise<void>;

/**
 * In-process and typed. `record` runs the recording listeners in the change's transaction (their
 * failure fails the change); `emit` tells the others once it is stored, synchronously: a listener that
 * throws is logged and does not stop the others.
 */
export class DeviceEventBus {
  readonly #listeners = new Map<string, Set<(event: DeviceDomainEvent) => void>>();
  readonly #recorders = new Map<
    string,
    Set<(events: readonly DeviceDomainEvent[], db: Db) => Promise<void>>
  >();

  constructor(private readonly onListenerError: (error: unknown, event: DeviceDomainEvent) => void) {}

  on<T extends DeviceDomainEvent['type']>(type: T, listener: Listener<T>): () => void {
    const listeners = this.#listeners.get(type) ?? new Set();
    this.#listeners.set(type, listeners);
    const untyped = listener as (event: DeviceDomainEvent) => void;
    listeners.add(untyped);
    return () => listeners.delete(untyped);
  }

  /** Writes what `event` means for the records (the audit log) with the change that caused it. */
  onRecord<T extends DeviceDomainEvent['type']>(type: T, listener: RecordingListener<T>): () => void {
    return this.onRecordMany(type, async (events, db) => {
      for (const event of events) await listener(event, db);
    });
  }

  /** As `onRecord`, for changes stored many at once (a fleet's connections): one call per batch. */
  onRecordMany<T extends DeviceDomainEvent['type']>(
    type: T,
    listener: BatchRecordingListener<T>,
  ): () => void {
    const recorders = this.#recorders.get(type) ?? new Set();
    this.#recorders.set(type, recorders);
    const untyped = listener as (events: readonly DeviceDomainEvent[], db: Db) => Promise<void>;
    recorders.add(untyped);
    return () => recorders.delete(untyped);
  }

  /** Runs the recording listeners of `event` on `db`: the change's transaction, or the database. */
  record(db: Db, event: DeviceDomainEvent) {
    return this.recordMany(db, [event]);
  }

  /** Runs the recording listeners of events of one type, stored together, on `db`. */
  async recordMany<T extends DeviceDomainEvent['type']>(db: Db, events: readonly EventOf<T>[]) {
    const [first] = events;
    if (!first) return;
    for (const recorder of this.#recorders.get(first.type) ?? []) await recorder(events, db);
  }

  /** Records `event` on `db`, then tells the other listeners: for a change that is already stored. */
  async recordAndEmit(db: Db, event: DeviceDomainEvent) {
    await this.record(db, event);
    this.emit(event);
  }

  emit(event: DeviceDomainEvent) {
    for (const listener of this.#listeners.get(event.type) ?? []) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }
}
