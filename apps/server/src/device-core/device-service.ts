import { guidSchema } from '@ec/contract/common';
import type { DeviceCommandMessage } from '@ec/contract/device-commands';
import type { EntitlementsMessage, ShadowCommandMessage } from '@ec/contract/device-link';
import {
  METADATA_KEYS,
  METADATA_LABELS,
  type MetadataInput,
  mergeMetadata,
  metadataValue,
} from '@ec/contract/device-metadata';
import { DEVICE_UPDATING_MESSAGE, isDeviceUpdating } from '@ec/contract/device-updates';
import type { DeviceState, ProvisionedDevice } from '@ec/contract/devices';
import type { InputPreviewMessage } from '@ec/contract/input-preview';
import type { DeviceProduct } from '@ec/contract/products';
import { INVALID_SHADOW_DOCUMENT, shadowRegistry, validateShadowSet } from '@ec/contract/shadow-registry';
import {
  DEVICE_LINK_UNAVAILABLE,
  DEVICE_TIMEOUT,
  SHADOW_COMMAND_TIMEOUT_MS,
  type ShadowName,
} from '@ec/contract/shadows';
import DataLoader from 'dataloader';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { BrokerAccounts } from '../device-link/broker-accounts.ts';
import { ApiError } from '../http/api-error.ts';
import { deviceBatchLoader } from '../shared/device-batch-loader.ts';
import { DeviceLinkUnavailableError } from '../shared/device-errors.ts';
import type { DeviceEventBus } from '../shared/device-event-bus.ts';
import { deviceCommandsRepository } from './device-commands/device-commands.repository.ts';
import { createDeviceCommands } from './device-commands/device-commands.service.ts';
import { deviceUsersRepository } from './device-users/device-users.repository.ts';
import { createDeviceUsersService } from './device-users/device-users.service.ts';
import { deviceEntitlements } from './devices/device-entitlements.ts';
import { devicesRepository } from './devices/devices.repository.ts';
import { provisionDevices } from './devices/provisioning.service.ts';
import { eventsRepository } from './events/events.repository.ts';
import {
  type ReportedDocument,
  type ShadowCommandRow,
  shadowsRepository,
} from './shadows/shadows.repository.ts';

/** How the service reaches devices: the device link, or a stand-in in tests. */
export interface DeviceTransport {
  isConnected(): boolean;
  /** Both fail with DeviceLinkUnavailableError when the broker cannot take the message. */
  sendShadowCommand(deviceGuid: string, message: ShadowCommandMessage): Promise<void>;
  sendDeviceCommand(deviceGuid: string, message: DeviceCommandMessage): Promise<void>;
  /** Retained, so the device finds it whenever it subscribes. */
  sendEntitlements(deviceGuid: string, message: EntitlementsMessage): Promise<void>;
}

export interface Actor {
  userGuid: string;
  email: string;
}

export interface NewShadowCommand {
  shadowName: ShadowName;
  targetVersion: number | null;
  requestedState: Record<string, unknown> | null;
}

export interface ShadowCommandAnswer {
  commandGuid: string;
  result: 'succeeded' | 'failed';
  shadowName: ShadowName;
  message: string | null;
  errorCode: string | null;
  state: Record<string, unknown> | null;
  currentVersion: number | null;
}

/** Values the device list keeps from shadows so it can sort and colour without reading documents. */
const derivedFromShadow = (shadowName: ShadowName, state: Record<string, unknown>) =>
  shadowRegistry[shadowName].deviceRecord?.(state) ?? {};

const LINK_FAILURE = {
  message: 'The device link was unavailable.',
  error_code: DEVICE_LINK_UNAVAILABLE,
  state: null,
  current_version: null,
};
const TIMEOUT_FAILURE = {
  message: 'The device did not answer in time.',
  error_code: DEVICE_TIMEOUT,
  state: null,
  current_version: null,
};

function toMessage(command: ShadowCommandRow): ShadowCommandMessage {
  const shadowName = command.shadowName as ShadowName;
  return command.commandType === 'set'
    ? {
        command_guid: command.commandGuid,
        command_type: 'set',
        shadow_name: shadowName,
        target_version: command.targetVersion ?? 0,
        state: command.requestedState ?? {},
      }
    : { command_guid: command.commandGuid, command_type: 'get', shadow_name: shadowName };
}

/**
 * The one place that changes a device and its shadows. Each change is stored (in one transaction
 * where it spans rows), recorded in the device's events where a person or the device did something
 * worth auditing, and then emitted on the bus. Routes and the MQTT ingest only call this service.
 */
export function createDeviceService(deps: {
  db: Db;
  transport: DeviceTransport;
  /** The external broker's device accounts, made with the devices (broker-accounts.ts). */
  accounts: BrokerAccounts;
  bus: DeviceEventBus;
  log: FastifyBaseLogger;
}) {
  const { db, transport, bus } = deps;
  const devices = devicesRepository(db);
  const shadows = shadowsRepository(db);
  const events = eventsRepository(db);

  // A fleet reconnecting sends a thousand messages at once: their writes are gathered per tick.
  const connections = deviceBatchLoader<{ deviceGuid: string; online: boolean }>(async (changes) => {
    const stored = await devices.setOnlineMany(changes);
    await events.recordMany(
      changes
        .filter((change) => stored.has(change.deviceGuid))
        .map(({ deviceGuid, online }) => ({
          deviceGuid,
          orgGuid: stored.get(deviceGuid) ?? null,
          eventType: 'state',
          eventData: {
            message: online ? 'Device online' : 'Device offline',
            to_state: online ? 'online' : 'offline',
          },
        })),
    );
    return stored;
  });
  const states = deviceBatchLoader<{ deviceGuid: string; state: Record<string, unknown> }>((batch) =>
    devices.setStateMany(batch),
  );
  const reports = deviceBatchLoader<ReportedDocument>((batch) => shadows.saveReportedMany(batch));
  const products = new DataLoader<string, DeviceProduct | undefined>(
    async (guids) => {
      const found = await devices.productsOf(guids);
      return guids.map((guid) => found.get(guid));
    },
    { cache: false, maxBatchSize: 500 },
  );

  /** Tells a device what it is entitled to: its product's base profile merged with its licences. */
  async function sendEntitlements(deviceGuid: string) {
    const productName = await products.load(deviceGuid);
    if (!productName) return;
    const now = new Date();
    await transport.sendEntitlements(deviceGuid, {
      generated: now.toISOString(),
      properties: deviceEntitlements({ productName }, now).properties,
    });
  }

  /**
   * Refuses a set whose document breaks a rule of spec 3 §5 (400 INVALID_SHADOW_DOCUMENT with the
   * rule's text), judged by the device's product, effective entitlements and, for the outputs' encoder
   * rules, the Encoders sent in the same request, else the reported ones (read only then: a System
   * rename needs no other document).
   */
  /** Spec 3 §6: no configuration change while an update is pending (device-updates.ts). */
  async function refuseWhileUpdating(deviceGuid: string, productName: DeviceProduct) {
    const [row, inFlight] = await Promise.all([
      devices.findByGuid(deviceGuid),
      deviceCommandsRepository(db).inFlight(deviceGuid),
    ]);
    const state = row?.state as Pick<DeviceState, 'update_state'> | null | undefined;
    if (isDeviceUpdating({ product: productName, state, inFlight }))
      throw ApiError.conflict(DEVICE_UPDATING_MESSAGE, 'DEVICE_UPDATING');
  }

  async function refuseInvalidSets(
    deviceGuid: string,
    productName: DeviceProduct,
    commands: readonly NewShadowCommand[],
  ) {
    const sets = commands.filter((command) => command.requestedState);
    if (!sets.length) return;
    const sent = new Map(sets.map((command) => [command.shadowName, command.requestedState]));
    const encodersNeeded = sent.has('Outputs') && !sent.has('Encoders');
    const [reportedEncoders] = encodersNeeded ? await shadows.list(deviceGuid, ['Encoders']) : [];
    const context = {
      product: productName,
      entitlements: deviceEntitlements({ productName }).properties,
      documents: {
        Encoders: sent.get('Encoders') ?? reportedEncoders?.reportedState,
        Outputs: sent.get('Outputs'),
      },
    };
    for (const command of sets) {
      const [first] = validateShadowSet(command.shadowName, command.requestedState, context);
      if (first) throw ApiError.badRequest(first.message, INVALID_SHADOW_DOCUMENT);
    }
  }

  /**
   * Hands undelivered commands to the broker, each claimed first so that one process sends it once.
   * A command the broker cannot take stays undelivered: it goes out when the device next connects.
   */
  async function deliver(deviceGuid: string, commands: readonly ShadowCommandRow[]) {
    for (const command of commands) {
      if (!(await shadows.claimDelivery(deviceGuid, command.commandGuid))) continue;
      try {
        await transport.sendShadowCommand(deviceGuid, toMessage(command));
      } catch (error) {
        if (!(error instanceof DeviceLinkUnavailableError)) throw error;
        await shadows.releaseDelivery(deviceGuid, command.commandGuid);
        throw error;
      }
    }
  }

  function emitCommand(command: ShadowCommandRow, orgGuid: string | null) {
    bus.emit({
      type: 'shadow.command',
      deviceGuid: command.deviceGuid,
      orgGuid,
      commandGuid: command.commandGuid,
      shadowName: command.shadowName,
      commandState: command.commandState,
    });
  }

  return {
    ...createDeviceCommands(deps),
    ...createDeviceUsersService(deps),

    /**
     * Registers new devices with their link credentials and broker accounts; fails with
     * BrokerAccountsUnavailableError (a DeviceLinkUnavailableError) and provisions nothing when the
     * broker does not take the accounts.
     */
    provision(input: { count: number; productName?: DeviceProduct }) {
      return provisionDevices({ db, accounts: deps.accounts }, input);
    },

    /**
     * Gives devices whose secret is known (the demo's, kept in DATA_DIR) their broker accounts again,
     * for a broker that lost or never had them. Forgetting a device keeps its account: a forgotten
     * device stays provisioned, can be adopted again and must be able to connect meanwhile.
     */
    restoreBrokerAccounts(credentials: readonly ProvisionedDevice[]) {
      return deps.accounts.create(
        credentials.map((device) => ({ deviceGuid: device.device_guid, password: device.mqtt_password })),
      );
    },

    async adopt(input: { deviceGuid: string; orgGuid: string; actor: Actor }) {
      const adopted = await db.transaction(async (tx) => {
        const row = await devicesRepository(tx).adopt(input.deviceGuid, input.orgGuid);
        if (!row) return undefined;
        await eventsRepository(tx).record({
          deviceGuid: input.deviceGuid,
          orgGuid: input.orgGuid,
          eventType: 'agent',
          eventData: { message: `Adopted by ${input.actor.email}`, user_guid: input.actor.userGuid },
        });
        return row;
      });
      if (adopted) {
        bus.emit({
          type: 'device.adopted',
          deviceGuid: input.deviceGuid,
          orgGuid: input.orgGuid,
          actorGuid: input.actor.userGuid,
        });
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
        await eventsRepository(tx).record({
          deviceGuid: input.deviceGuid,
          orgGuid: input.orgGuid,
          eventType: 'agent',
          eventData: {
            message: `${changes.map((change) => METADATA_LABELS[change.key]).join(', ')} changed by ${input.actor.email}`,
            metadata_changes: changes,
            user_guid: input.actor.userGuid,
          },
        });
        return { metadata: next, changed: true };
      });
      if (saved?.changed)
        bus.emit({ type: 'device.state', deviceGuid: input.deviceGuid, orgGuid: input.orgGuid });
      return saved?.metadata;
    },

    async forget(input: { deviceGuid: string; orgGuid: string; actor: Actor; reason: string }) {
      const forgotten = await db.transaction(async (tx) => {
        const row = await devicesRepository(tx).forget(input.deviceGuid, input.orgGuid);
        if (!row) return undefined;
        await deviceUsersRepository(tx).removeAll(input.deviceGuid);
        await eventsRepository(tx).record({
          deviceGuid: input.deviceGuid,
          orgGuid: input.orgGuid,
          eventType: 'agent',
          eventData: {
            message: `Forgotten by ${input.actor.email}: ${input.reason}`,
            user_guid: input.actor.userGuid,
          },
        });
        return row;
      });
      if (forgotten) {
        bus.emit({
          type: 'device.forgotten',
          deviceGuid: input.deviceGuid,
          orgGuid: input.orgGuid,
          actorGuid: input.actor.userGuid,
          reason: input.reason,
        });
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
      await deliver(deviceGuid, await shadows.undelivered(deviceGuid));
    },

    async recordState(deviceGuid: string, state: Record<string, unknown>) {
      const stored = await states.load({ deviceGuid, state });
      if (stored) bus.emit({ type: 'device.state', deviceGuid, orgGuid: stored.orgGuid });
    },

    /**
     * A reported document: the device's own (authoritative) or one carried by a command's answer, with
     * the command when the answer says it succeeded (the version's history names its user).
     */
    async recordReported(input: {
      deviceGuid: string;
      shadowName: ShadowName;
      state: Record<string, unknown>;
      version: number;
      authoritative: boolean;
      commandGuid?: string | null;
    }) {
      const stored = await reports.load({
        ...input,
        derived: derivedFromShadow(input.shadowName, input.state),
      });
      if (!stored) return;
      bus.emit({
        type: 'shadow.reported',
        deviceGuid: input.deviceGuid,
        orgGuid: stored.orgGuid,
        shadowName: input.shadowName,
        version: input.version,
      });
    },

    /**
     * Creates shadow commands (a set also stores the requested document) in one transaction, then
     * sends them to the device if it is online. A device that is offline gets them when it
     * reconnects: its commands stay pending until then, and its answer is stored whenever it comes.
     */
    async sendShadowCommands(input: {
      deviceGuid: string;
      /** The device's product, which its documents are judged by (the caller has read the device). */
      productName: DeviceProduct;
      orgGuid: string;
      commandType: 'get' | 'set';
      commands: readonly NewShadowCommand[];
      actor: Actor;
    }) {
      // Refused before anything is stored: an invalid document, or a command that cannot be sent.
      await refuseInvalidSets(input.deviceGuid, input.productName, input.commands);
      if (input.commandType === 'set') await refuseWhileUpdating(input.deviceGuid, input.productName);
      if (!transport.isConnected()) throw new DeviceLinkUnavailableError('not connected to the broker');
      const created = await db.transaction(async (tx) => {
        const repository = shadowsRepository(tx);
        const rows = await repository.createCommands(
          input.commands.map((command) => ({
            deviceGuid: input.deviceGuid,
            shadowName: command.shadowName,
            commandType: input.commandType,
            targetVersion: command.targetVersion,
            requestedState: command.requestedState,
            createdBy: input.actor.userGuid,
          })),
        );
        for (const command of input.commands) {
          if (input.commandType === 'set' && command.requestedState)
            await repository.saveRequested(input.deviceGuid, command.shadowName, command.requestedState);
        }
        return rows;
      });
      for (const command of created) emitCommand(command, input.orgGuid);
      if (!(await devices.isOnline(input.deviceGuid))) return created;
      try {
        await deliver(input.deviceGuid, created);
      } catch (error) {
        if (!(error instanceof DeviceLinkUnavailableError)) throw error;
        // The broker may still deliver a publish that ran out of time: the device's answer then
        // replaces this failure.
        const failed = await shadows.failUnanswered(
          input.deviceGuid,
          created.map((command) => command.commandGuid),
          LINK_FAILURE,
        );
        for (const command of failed) emitCommand(command, input.orgGuid);
        throw error;
      }
      return created;
    },

    /** The device's answer to a shadow command, stored whenever it arrives. */
    async finishShadowCommand(deviceGuid: string, answer: ShadowCommandAnswer) {
      if (answer.state && answer.currentVersion !== null) {
        await this.recordReported({
          deviceGuid,
          shadowName: answer.shadowName,
          state: answer.state,
          version: answer.currentVersion,
          authoritative: false,
          // The device echoes the guid it was sent; one that is not a guid names no command of ours.
          commandGuid:
            answer.result === 'succeeded' && guidSchema.safeParse(answer.commandGuid).success
              ? answer.commandGuid
              : null,
        });
      }
      const command = await shadows.finishCommand(deviceGuid, answer.commandGuid, {
        commandState: answer.result,
        response: {
          message: answer.message,
          error_code: answer.errorCode,
          state: answer.state,
          current_version: answer.currentVersion,
        },
      });
      if (!command) return;
      const orgGuid = await devices.orgOf(deviceGuid);
      if (!orgGuid) return;
      await events.record({
        deviceGuid,
        orgGuid,
        eventType: 'shadow',
        // The versions before and after a set: the history shows what changed between them.
        eventData: {
          message: `${command.shadowName} ${command.commandType} ${answer.result}`,
          shadow_name: command.shadowName,
          command_guid: command.commandGuid,
          from_shadow: command.commandType === 'set' ? command.targetVersion : null,
          to_shadow: answer.currentVersion,
          user_guid: command.createdBy,
        },
      });
      emitCommand(command, orgGuid);
    },

    /** Something the device itself reports (spec 2 §2.9): stored in its events as it came. */
    async recordDeviceEvent(
      deviceGuid: string,
      event: { eventType: string; eventData: Record<string, unknown>; timestamp: Date },
    ) {
      const orgGuid = await devices.orgOf(deviceGuid);
      if (orgGuid === undefined) return;
      await events.record({ deviceGuid, orgGuid, ...event });
    },

    /** One input's live preview (input-preview.ts): to the browsers following the device, unstored. */
    async relayInputPreview(deviceGuid: string, preview: InputPreviewMessage) {
      const orgGuid = await devices.orgOf(deviceGuid);
      if (orgGuid) bus.emit({ type: 'device.preview', deviceGuid, orgGuid, preview });
    },

    /**
     * Fails the commands devices received but did not answer within the console's polling window;
     * a late answer still replaces the failure. Answers how many were failed.
     */
    async failOverdueCommands(now = new Date()) {
      const overdue = await shadows.deliveredBefore(new Date(now.getTime() - SHADOW_COMMAND_TIMEOUT_MS));
      const byDevice = new Map<string, string[]>();
      for (const { deviceGuid, commandGuid } of overdue)
        byDevice.set(deviceGuid, [...(byDevice.get(deviceGuid) ?? []), commandGuid]);
      let failed = 0;
      for (const [deviceGuid, commandGuids] of byDevice) {
        const rows = await shadows.failUnanswered(deviceGuid, commandGuids, TIMEOUT_FAILURE);
        const orgGuid = rows.length ? ((await devices.orgOf(deviceGuid)) ?? null) : null;
        for (const command of rows) emitCommand(command, orgGuid);
        failed += rows.length;
      }
      return failed;
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
