import { guidSchema } from '@ec/contract/common';
import type { ShadowCommandMessage } from '@ec/contract/device-link';
import { DEVICE_UPDATING_MESSAGE, isDeviceUpdating } from '@ec/contract/device-updates';
import type { DeviceState } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import { INVALID_SHADOW_DOCUMENT, shadowRegistry, validateShadowSet } from '@ec/contract/shadow-registry';
import {
  DEVICE_LINK_UNAVAILABLE,
  DEVICE_TIMEOUT,
  SHADOW_COMMAND_TIMEOUT_MS,
  type ShadowName,
} from '@ec/contract/shadows';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { deviceBatchLoader } from '../../shared/device-batch-loader.ts';
import { DeviceLinkUnavailableError } from '../../shared/device-errors.ts';
import type { Actor, DeviceDomainEvent, DeviceEventBus } from '../../shared/device-event-bus.ts';
import { deviceCommandsRepository } from '../device-commands/device-commands.repository.ts';
import type { DeviceTransport } from '../device-transport.ts';
import { deviceEntitlements } from '../devices/device-entitlements.ts';
import { devicesRepository } from '../devices/devices.repository.ts';
import { type ReportedDocument, type ShadowCommandRow, shadowsRepository } from './shadows.repository.ts';

export type ShadowService = ReturnType<typeof createShadowService>;

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

function commandEvent(
  command: ShadowCommandRow,
  orgGuid: string | null,
): Extract<DeviceDomainEvent, { type: 'shadow.command' }> {
  return {
    type: 'shadow.command',
    deviceGuid: command.deviceGuid,
    orgGuid,
    commandGuid: command.commandGuid,
    shadowName: command.shadowName,
    commandState: command.commandState,
  };
}

/**
 * A device's shadows: the commands people send (judged by the shadow registry, stored, delivered once
 * by one process), the documents and answers devices report, and the commands left unanswered.
 */
export function createShadowService(deps: { db: Db; transport: DeviceTransport; bus: DeviceEventBus }) {
  const { db, transport, bus } = deps;
  const devices = devicesRepository(db);
  const shadows = shadowsRepository(db);
  // A fleet announcing its documents at once is stored in a few statements (one per round and tick).
  const reports = deviceBatchLoader<ReportedDocument>((batch) => shadows.saveReportedMany(batch));

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

  /**
   * Refuses a set whose document breaks a rule of spec 3 §5 (400 INVALID_SHADOW_DOCUMENT with the
   * rule's text), judged by the device's product, effective entitlements and, for the outputs' encoder
   * rules, the Encoders sent in the same request, else the reported ones (read only then: a System
   * rename needs no other document).
   */
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

  /**
   * A reported document: the device's own (authoritative) or one carried by a command's answer, with
   * the command when the answer says it succeeded (the version's history names its user). Stored and
   * told once per version: the second of report and answer only completes the version's history.
   */
  async function recordReported(input: {
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
  }

  return {
    recordReported,

    /** The commands that waited for a device that has just connected. */
    async deliverWaiting(deviceGuid: string) {
      await deliver(deviceGuid, await shadows.undelivered(deviceGuid));
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
      for (const command of created) bus.emit(commandEvent(command, input.orgGuid));
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
        for (const command of failed) bus.emit(commandEvent(command, input.orgGuid));
        throw error;
      }
      return created;
    },

    /** The device's answer to a shadow command, stored whenever it arrives. */
    async finishShadowCommand(deviceGuid: string, answer: ShadowCommandAnswer) {
      if (answer.state && answer.currentVersion !== null) {
        await recordReported({
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
      await bus.recordAndEmit(db, {
        ...commandEvent(command, orgGuid),
        answer: {
          commandType: command.commandType,
          result: answer.result,
          fromVersion: command.targetVersion,
          toVersion: answer.currentVersion,
          createdBy: command.createdBy,
        },
      });
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
        for (const command of rows) bus.emit(commandEvent(command, orgGuid));
        failed += rows.length;
      }
      return failed;
    },
  };
}
