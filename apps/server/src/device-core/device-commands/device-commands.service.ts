import {
  DEVICE_COMMAND_TIMEOUT_MS,
  type DeviceCommandName,
  type DeviceCommandResultMessage,
  SECRET_COMMAND_FIELDS,
} from '@ec/contract/device-commands';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { DeviceLinkUnavailableError, DeviceOfflineError } from '../../shared/device-errors.ts';
import type { Actor, DeviceDomainEvent, DeviceEventBus } from '../../shared/device-event-bus.ts';
import type { DeviceTransport } from '../device-transport.ts';
import { devicesRepository } from '../devices/devices.repository.ts';
import type { DeviceCommandRow } from './device-commands.reads.ts';
import { deviceCommandsRepository } from './device-commands.repository.ts';

const DEVICE_LINK_FAILURE = 'The device link was unavailable.';
const TIMEOUT_FAILURE = 'The device did not answer in time.';

/**
 * The command's data as stored and audited: secrets are replaced, so no password reaches a row. Nested
 * ones too: a rest_direct_post's body may set a password on the device's local API.
 */
export function withoutSecrets(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withoutSecrets);
  if (data === null || typeof data !== 'object') return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      (SECRET_COMMAND_FIELDS as readonly string[]).includes(key) && value
        ? '********'
        : withoutSecrets(value),
    ]),
  );
}

export type DeviceCommandsService = ReturnType<typeof createDeviceCommandsService>;

/**
 * Device commands: one-off actions beside the device service. Unlike a shadow set, a command is only
 * sent to a device that is online: a reboot or a format run hours later, when the device comes back,
 * would surprise the person who asked (decision 57).
 */
export function createDeviceCommandsService(deps: {
  db: Db;
  transport: DeviceTransport;
  bus: DeviceEventBus;
}) {
  const { db, transport, bus } = deps;
  const commands = deviceCommandsRepository(db);
  const devices = devicesRepository(db);

  function commandEvent(
    command: DeviceCommandRow,
    orgGuid: string | null,
  ): Extract<DeviceDomainEvent, { type: 'device.command' }> {
    return {
      type: 'device.command',
      deviceGuid: command.deviceGuid,
      orgGuid,
      commandGuid: command.commandGuid,
      command: command.command,
      state: command.state,
    };
  }
  const emit = (command: DeviceCommandRow, orgGuid: string | null) =>
    bus.emit(commandEvent(command, orgGuid));

  return {
    /** One of the device's commands, to follow it; 404 when the device has no such command. */
    async find(deviceGuid: string, commandGuid: string) {
      const command = await commands.find(deviceGuid, commandGuid);
      if (!command) throw ApiError.notFound('Command not found', 'COMMAND_NOT_FOUND');
      return command;
    },

    async sendDeviceCommand(input: {
      deviceGuid: string;
      orgGuid: string;
      command: DeviceCommandName;
      data?: unknown;
      actor: Actor;
      /** Chosen by the caller when the data must name the command (an upload URL). */
      commandGuid?: string;
    }) {
      if (!transport.isConnected()) throw new DeviceLinkUnavailableError('not connected to the broker');
      if (!(await devices.isOnline(input.deviceGuid))) throw new DeviceOfflineError('the device is offline');
      const stored = withoutSecrets(input.data);
      const { created, event } = await db.transaction(async (tx) => {
        const row = await deviceCommandsRepository(tx).create({
          commandGuid: input.commandGuid,
          deviceGuid: input.deviceGuid,
          command: input.command,
          data: stored ?? null,
          createdBy: input.actor.userGuid,
        });
        const sent = { ...commandEvent(row, input.orgGuid), sent: { actor: input.actor, data: stored } };
        await bus.record(tx, sent);
        return { created: row, event: sent };
      });
      bus.emit(event);
      try {
        await transport.sendDeviceCommand(input.deviceGuid, {
          command_guid: created.commandGuid,
          command: input.command,
          data: input.data,
        });
      } catch (error) {
        if (!(error instanceof DeviceLinkUnavailableError)) throw error;
        const failed = await commands.answer(input.deviceGuid, created.commandGuid, {
          state: 'failed',
          message: DEVICE_LINK_FAILURE,
        });
        if (failed) emit(failed, input.orgGuid);
        throw error;
      }
      return created;
    },

    /**
     * The device accepted a command, or finished it; recorded in its events when it finished, in the
     * answer's transaction.
     */
    async recordDeviceCommandResult(deviceGuid: string, result: DeviceCommandResultMessage) {
      const event = await db.transaction(async (tx) => {
        const command = await deviceCommandsRepository(tx).answer(deviceGuid, result.command_guid, {
          state: result.state,
          message: result.message,
          response: result.response,
        });
        if (!command) return undefined;
        const orgGuid = (await devicesRepository(tx).orgOf(deviceGuid)) ?? null;
        const answered = { ...commandEvent(command, orgGuid), answer: { message: result.message ?? null } };
        await bus.record(tx, answered);
        return answered;
      });
      if (event) bus.emit(event);
    },

    /** Fails the commands still open after the console's polling window. */
    async failOverdueDeviceCommands(now = new Date()) {
      const failed = await commands.failOpenBefore(
        new Date(now.getTime() - DEVICE_COMMAND_TIMEOUT_MS),
        TIMEOUT_FAILURE,
      );
      for (const command of failed) emit(command, (await devices.orgOf(command.deviceGuid)) ?? null);
      return failed.length;
    },
  };
}
