import { FINISHED_COMMAND_STATES } from '@ec/contract/device-command-states';
import { type DeviceCommand, responseStateOf } from '@ec/contract/device-commands';
import { isRestDirectCommand } from '@ec/contract/rest-direct';
import type { DeviceCommandRow } from '../../device-core/device-commands/device-commands.reads.ts';

export function presentDeviceCommand(row: DeviceCommandRow): DeviceCommand {
  return {
    command_guid: row.commandGuid,
    command: row.command,
    finished: FINISHED_COMMAND_STATES.includes(row.state),
    response: {
      result: { state: responseStateOf(row.state), message: row.message },
      // Only a rest_direct command answers what the local API said: the others keep their shape.
      ...(isRestDirectCommand(row.command)
        ? { status_code: row.response?.status_code ?? null, body: row.response?.body ?? null }
        : {}),
    },
    created: row.createdAt.toISOString(),
    finished_timestamp: row.finishedAt?.toISOString() ?? null,
  };
}
