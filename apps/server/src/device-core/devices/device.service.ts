import {
  METADATA_KEYS,
  type MetadataInput,
  mergeMetadata,
  metadataValue,
} from '@ec/contract/device-metadata';
import type { ProvisionedDevice } from '@ec/contract/devices';
import type { DockerLogsMessage } from '@ec/contract/docker-logs';
import type { InputPreviewMessage } from '@ec/contract/input-preview';
import type { DeviceProduct } from '@ec/contract/products';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { BrokerAccounts } from '../../device-link/broker-accounts.ts';
import { ApiError } from '../../http/api-error.ts';
import { batchLoader } from '../../shared/batch-loader.ts';
import { deviceBatchLoader } from '../../shared/device-batch-loader.ts';
import type {
  Actor,
  DeviceDomainEvent,
  DeviceEventBus,
  EntitlementDomainEvent,
  FleetDomainEvent,
} from '../../shared/device-event-bus.ts';
import { digest } from '../../shared/secrets.ts';
import type { DeviceTransport } from '../device-transport.ts';
import { deviceUsersRepository } from '../device-users/device-users.repository.ts';
import { eventsRepository } from '../events/events.repository.ts';
import type { ShadowService } from '../shadows/shadow.service.ts';
import {
  type DeviceEntitlements,
  ENTITLEMENTS_BATCH,
  finishDeallocations,
  loadDeviceEntitlements,
  loadOneDeviceEntitlements,
  markDeallocationsPending,
} from './device-entitlements.ts';
import { devicesRepository } from './devices.repository.ts';
import { provisionDevices } from './provisioning.service.ts';

export type DeviceService = ReturnType<typeof createDeviceService>;

/** The connection events of the devices whose change was stored (`stored`: their organizations). */
const connectionEvents = (
  changes: readonly { deviceGuid: string; online: boolean }[],
  stored: ReadonlyMap<string, string | null>,
): Extract<DeviceDomainEvent, { type: 'device.connection' }>[] =>
  changes.flatMap(({ deviceGuid, online }) =>
    stored.has(deviceGuid)
      ? [{ type: 'device.connection', deviceGuid, orgGuid: stored.get(deviceGuid) ?? null, online }]
      : [],
  );

/**
 * A device's life: provisioned, adopted, described, forgotten, connected and reporting its state. Each
 * change is stored with its audit event (the bus's recording listeners, in one transaction), then told
 * to the bus's other listeners. Routes and the MQTT ingest only call the device core's services.
 */
export function createDeviceService(deps: {
  db: Db;
  transport: DeviceTransport;
  /** The external broker's device accounts, made with the devices (broker-accounts.ts). */
  accounts: BrokerAccounts;
  bus: DeviceEventBus;
  /** Delivers the commands that waited for a device that connects. */
  shadows: Pick<ShadowService, 'deliverWaiting'>;
  log: FastifyBaseLogger;
}) {
  const { db, transport, bus } = deps;
  const devices = devicesRepository(db);

  // A fleet reconnecting sends a thousand messages at once: their writes are gathered per tick, each
  // batch stored with its "Device online/offline" events in one transaction.
  const connections = deviceBatchLoader<{ deviceGuid: string; online: boolean }>((changes) =>
    db.transaction(async (tx) => {
      const stored = await devicesRepository(tx).setOnlineMany(changes);
      await bus.recordMany(tx, connectionEvents(changes, stored));
      return stored;
    }),
  );
  const states = deviceBatchLoader<{ deviceGuid: string; state: Record<string, unknown> }>((batch) =>
    devices.setStateMany(batch),
  );
  // A fleet reconnecting reads its entitlements in a few statements (one per tick and 500 devices).
  const entitlementsLoader = batchLoader<string, DeviceEntitlements | undefined>(
    async (guids) => {
      const found = await loadDeviceEntitlements(db, guids);
      return guids.map((guid) => found.get(guid));
    },
    { maxBatchSize: ENTITLEMENTS_BATCH },
  );

  /**
   * Tells a device what it is entitled to (retained, so it finds it whenever it subscribes). A device
   * online when told has heard of its licences taken back: those de-allocations are finished.
   */
  async function tell(entitlements: DeviceEntitlements, now: Date) {
    await transport.sendEntitlements(entitlements.deviceGuid, {
      generated: now.toISOString(),
      properties: entitlements.properties,
    });
    if (entitlements.online && entitlements.licenses.some((license) => license.pending_deallocation))
      await finishDeallocations(db, [entitlements.deviceGuid]);
  }

  async function sendEntitlements(deviceGuid: string) {
    const entitlements = await entitlementsLoader.load(deviceGuid);
    if (entitlements) await tell(entitlements, new Date());
  }

  /**
   * A change of licences, profiles or organization reaches devices at once: each device's effective
   * entitlements are read again (500 devices a statement), sent to it and told to the browsers.
   */
  async function pushEntitlements(deviceGuids: readonly string[]) {
    const unique = [...new Set(deviceGuids)];
    for (let start = 0; start < unique.length; start += ENTITLEMENTS_BATCH) {
      const now = new Date();
      const found = await loadDeviceEntitlements(db, unique.slice(start, start + ENTITLEMENTS_BATCH), now);
      await Promise.all(
        [...found.values()].map(async (entitlements) => {
          try {
            await tell(entitlements, now);
          } catch (error) {
            // The device still gets them on its next connection.
            deps.log.warn({ err: error, deviceGuid: entitlements.deviceGuid }, 'sending entitlements failed');
          }
          bus.emit({
            type: 'device.entitlements',
            deviceGuid: entitlements.deviceGuid,
            orgGuid: entitlements.orgGuid,
          });
        }),
      );
    }
  }

  const pushSoon = (deviceGuid: string) =>
    pushEntitlements([deviceGuid]).catch((error: unknown) =>
      deps.log.warn({ err: error, deviceGuid }, 'sending a device its entitlements failed'),
    );

  return {
    /**
     * Registers new devices with their link credentials and broker accounts; fails with
     * BrokerAccountsUnavailableError (a DeviceLinkUnavailableError) and provisions nothing when the
     * broker does not take the accounts.
     */
    provision(input: { count: number; productName?: DeviceProduct; partnerId?: string }) {
      return provisionDevices({ db, accounts: deps.accounts }, input);
    },

    /**
     * Gives devices whose secret is known (the demo's, kept in DATA_DIR) their broker accounts again,
     * for a broker that lost or never had them. Forgetting a device keeps its account: a forgotten
     * device stays provisioned, can be adopted again and must be able to connect meanwhile.
     */
    restoreBrokerAccounts(credentials: readonly ProvisionedDevice[]) {
      return deps.accounts.create(
        credentials.map((device) => ({
          deviceGuid: device.device_guid,
          secretHash: digest(device.mqtt_password),
        })),
      );
    },

    async adopt(input: { deviceGuid: string; orgGuid: string; actor: Actor }) {
      const event = { type: 'device.adopted', ...input } as const;
      const adopted = await db.transaction(async (tx) => {
        const row = await devicesRepository(tx).adopt(input.deviceGuid, input.orgGuid);
        if (row) await bus.record(tx, event);
        return row;
      });
      if (adopted) {
        bus.emit(event);
        // Its new organization's licences now reach it.
        await pushSoon(input.deviceGuid);
      }
      return adopted;
    },

    /**
     * Changes some of a device's metadata (spec 2 §4.8), recorded in its events with each value before
     * and after. Answers the metadata now, undefined when the device is not in the organization.
     */
    async saveMetadata(input: {
      deviceGuid: string;
      orgGuid: string;
      changes: readonly MetadataInput[];
      actor: Actor;
    }) {
      const saved = await db.transaction(async (tx) => {
        const repository = devicesRepository(tx);
        const current = await repository.lockMetadata(input.deviceGuid, input.orgGuid);
        if (!current) return undefined;
        const next = mergeMetadata(current, input.changes);
        const changes = METADATA_KEYS.flatMap((key) => {
          const [from, to] = [metadataValue(current, key), metadataValue(next, key)];
          return from === to ? [] : [{ key, from, to }];
        });
        if (changes.length === 0) return { metadata: next, changed: false };
        await repository.setMetadata(input.deviceGuid, next);
        await bus.record(tx, { type: 'device.metadata', ...input, changes });
        return { metadata: next, changed: true };
      });
      if (saved?.changed)
        bus.emit({ type: 'device.state', deviceGuid: input.deviceGuid, orgGuid: input.orgGuid });
      return saved?.metadata;
    },

    async forget(input: { deviceGuid: string; orgGuid: string; actor: Actor; reason: string }) {
      const event = { type: 'device.forgotten', ...input } as const;
      const forgotten = await db.transaction(async (tx) => {
        const row = await devicesRepository(tx).forget(input.deviceGuid, input.orgGuid);
        if (!row) return undefined;
        // Its users and invitations were given in that organization: they end with the adoption.
        await deviceUsersRepository(tx).removeAll(input.deviceGuid);
        await markDeallocationsPending(tx, input.deviceGuid);
        await bus.record(tx, event);
        return row;
      });
      if (forgotten) {
        bus.emit(event);
        await pushSoon(input.deviceGuid);
      }
      return forgotten;
    },

    /**
     * The device connected or disconnected; on connecting it receives its entitlements and the
     * commands that waited for it.
     */
    async recordConnection(deviceGuid: string, online: boolean) {
      const stored = await connections.load({ deviceGuid, online });
      if (!stored) return;
      bus.emit({ type: 'device.connection', deviceGuid, orgGuid: stored.orgGuid, online });
      if (!online) return;
      // Not waited for: a fleet reconnecting at once should not queue behind a thousand publishes.
      sendEntitlements(deviceGuid).catch((error: unknown) =>
        deps.log.warn({ err: error, deviceGuid }, 'sending a device its entitlements failed'),
      );
      await deps.shadows.deliverWaiting(deviceGuid);
    },

    async recordState(deviceGuid: string, state: Record<string, unknown>) {
      const stored = await states.load({ deviceGuid, state });
      if (stored) bus.emit({ type: 'device.state', deviceGuid, orgGuid: stored.orgGuid });
    },

    /** Something the device itself reports (spec 2 §2.9): stored in its events as it came. */
    async recordDeviceEvent(
      deviceGuid: string,
      event: { eventType: string; eventData: Record<string, unknown>; timestamp: Date },
    ) {
      const orgGuid = await devices.orgOf(deviceGuid);
      if (orgGuid === undefined) return;
      await bus.recordAndEmit(db, { type: 'device.event', deviceGuid, orgGuid, ...event });
    },

    /**
     * Alerts raised or resolved on devices (features/alerts), in the devices' events (spec 2 §2.9): one
     * `device_alert` event each, written in the caller's transaction `tx`, all in one statement.
     */
    async recordAlerts(
      tx: Db,
      alerts: readonly { deviceGuid: string; orgGuid: string; alertGuid: string; message: string }[],
    ) {
      await eventsRepository(tx).recordMany(
        alerts.map((alert) => ({
          deviceGuid: alert.deviceGuid,
          orgGuid: alert.orgGuid,
          eventType: 'device_alert',
          eventData: { message: alert.message, alert_guid: alert.alertGuid },
        })),
      );
    },

    /**
     * Devices added to or removed from a fleet (features/fleets), written in the fleets service's
     * transaction: one event per device, in one statement, so the fleet's and the device's events
     * say who did it.
     */
    async recordFleetDevices(
      tx: Db,
      input: {
        orgGuid: string;
        fleet: { fleetGuid: string; fleetName: string };
        deviceGuids: readonly string[];
        change: 'added' | 'removed';
        actor: Actor;
      },
    ) {
      const message = `${input.change === 'added' ? 'Added to' : 'Removed from'} fleet ${input.fleet.fleetName} by ${input.actor.email}`;
      await eventsRepository(tx).recordMany(
        input.deviceGuids.map((deviceGuid) => ({
          deviceGuid,
          orgGuid: input.orgGuid,
          eventType: 'agent',
          fleetGuid: input.fleet.fleetGuid,
          eventData: { message, fleet_guid: input.fleet.fleetGuid, user_guid: input.actor.userGuid },
        })),
      );
    },

    /** Tells the listeners (the alert engine) of devices added to or removed from a fleet, once committed. */
    announceFleetDevices(input: {
      orgGuid: string;
      fleetGuid: string;
      deviceGuids: readonly string[];
      change: 'added' | 'removed';
    }) {
      for (const deviceGuid of input.deviceGuids)
        bus.emit({
          type: 'device.fleet',
          deviceGuid,
          orgGuid: input.orgGuid,
          fleetGuid: input.fleetGuid,
          change: input.change,
        });
    },

    /** A change of a fleet itself, recorded as the fleet's event in the change's transaction `tx`. */
    async recordFleetChange(tx: Db, event: Omit<FleetDomainEvent, 'type'>) {
      await bus.record(tx, { type: 'fleet.changed', ...event });
    },

    /**
     * An entitlement profile's values changed (features/entitlements): whoever keeps devices'
     * entitlements hears `entitlement_profile.changed` and tells the devices it reaches.
     */
    announceProfileChanged(profileGuid: string) {
      bus.emit({ type: 'entitlement_profile.changed', profileGuid });
    },

    /** The effective entitlements of a device as stored now; 404 for an unknown device. */
    async effectiveEntitlements(deviceGuid: string) {
      const found = await loadOneDeviceEntitlements(db, deviceGuid);
      if (!found) throw ApiError.notFound('Device not found', 'DEVICE_NOT_FOUND');
      return found;
    },

    pushEntitlements,

    /** A licence's change (features/entitlements), recorded as its event in the change's transaction `tx`. */
    async recordLicenseChange(
      tx: Db,
      event: Omit<Extract<EntitlementDomainEvent, { type: 'license.changed' }>, 'type'>,
    ) {
      await bus.record(tx, { type: 'license.changed', ...event });
    },

    /** One input's live preview (input-preview.ts): to the browsers following the device, unstored. */
    async relayInputPreview(deviceGuid: string, preview: InputPreviewMessage) {
      const orgGuid = await devices.orgOf(deviceGuid);
      if (orgGuid) bus.emit({ type: 'device.preview', deviceGuid, orgGuid, preview });
    },

    /** A container's log lines (docker-logs.ts): to the browser following their session, unstored. */
    async relayDockerLogs(deviceGuid: string, logs: DockerLogsMessage) {
      const orgGuid = await devices.orgOf(deviceGuid);
      if (orgGuid) bus.emit({ type: 'device.docker_logs', deviceGuid, orgGuid, logs });
    },
  };
}
