import { type DeviceCommand, FINISHED_COMMAND_STATES } from '@ec/contract/device-commands';
import type { DeviceCommandRow } from './device-commands.repository.ts';

export function presentDeviceCommand(row: DeviceCommandRow): DeviceCommand {
  return {
    command_guid: row.commandGuid,
    command: row.command,
    finished: FINISHED_COMMAND_STATES.includes(row.state),
    response: { result: { state: row.state, message: row.message } },
    created: row.createdAt.toISOString(),
    finished_timestamp: row.finishedAt?.toISOString() ?? null,
  };
}
