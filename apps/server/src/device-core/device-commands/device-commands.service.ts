import {
  DEVICE_COMMAND_TIMEOUT_MS,
  type DeviceCommandName,
  type DeviceCommandResultMessage,
  SECRET_COMMAND_FIELDS,
} from '@ec/contract/device-commands';
import type { Db } from '../../db/database.ts';
import { DeviceLinkUnavailableError, DeviceOfflineError } from '../../shared/device-errors.ts';
import type { DeviceEventBus } from '../../shared/device-event-bus.ts';
import type { Actor, DeviceTransport } from '../device-service.ts';
import { devicesRepository } from '../devices/devices.repository.ts';
import { eventsRepository } from '../events/events.repository.ts';
import { type DeviceCommandRow, deviceCommandsRepository } from './device-commands.repository.ts';

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

/**
 * Device commands, the part of the device service for one-off actions. Unlike a shadow set, a
 * command is only sent to a device that is online: a reboot or a format run hours later, when the
 * device comes back, would surprise the person who asked (decision 57).
 */
export function createDeviceCommands(deps: { db: Db; transport: DeviceTransport; bus: DeviceEventBus }) {
  const { db, transport, bus } = deps;
  const commands = deviceCommandsRepository(db);
  const devices = devicesRepository(db);
  const events = eventsRepository(db);

  function emit(command: DeviceCommandRow, orgGuid: string | null) {
    bus.emit({
      type: 'device.command',
      deviceGuid: command.deviceGuid,
      orgGuid,
      commandGuid: command.commandGuid,
      command: command.command,
      state: command.state,
    });
  }

  return {
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
      const created = await db.transaction(async (tx) => {
        const row = await deviceCommandsRepository(tx).create({
          commandGuid: input.commandGuid,
          deviceGuid: input.deviceGuid,
          command: input.command,
          data: stored ?? null,
          createdBy: input.actor.userGuid,
        });
        await eventsRepository(tx).record({
          deviceGuid: input.deviceGuid,
          orgGuid: input.orgGuid,
          eventType: 'command',
          eventData: {
            message: `${input.command} sent by ${input.actor.email}`,
            command_guid: row.commandGuid,
            data: stored ?? null,
            user_guid: input.actor.userGuid,
          },
        });
        return row;
      });
      emit(created, input.orgGuid);
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

    /** The device accepted a command, or finished it; recorded in its events when it finished. */
    async recordDeviceCommandResult(deviceGuid: string, result: DeviceCommandResultMessage) {
      const command = await commands.answer(deviceGuid, result.command_guid, {
        state: result.state,
        message: result.message,
        response: result.response,
      });
      if (!command) return;
      const orgGuid = (await devices.orgOf(deviceGuid)) ?? null;
      if (orgGuid && result.state !== 'accepted') {
        await events.record({
          deviceGuid,
          orgGuid,
          eventType: 'command',
          eventData: {
            message: `${command.command} ${result.state}${result.message ? `: ${result.message}` : ''}`,
            command_guid: command.commandGuid,
          },
        });
      }
      emit(command, orgGuid);
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
