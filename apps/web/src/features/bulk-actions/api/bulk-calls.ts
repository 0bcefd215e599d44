import { getDeviceCommand } from '../../device-commands/api/get-device-command';
import { saveOutputControl } from '../../device-commands/api/save-output-control';
import { sendDeviceCommand } from '../../device-commands/api/send-device-command';
import { getShadow } from '../../device-config/api/get-shadow';
import { getShadowCommand } from '../../device-config/api/get-shadow-command';

/**
 * The calls a bulk action makes per device, the same ones as the device page's Commands menu:
 * POST and GET /devices/{guid}/commands[/{command_guid}] (spec 2 §4.5), GET .../shadows?shadow_names=
 * Outputs, POST .../outputs and GET .../shadows/commands/{command_guid} (spec 2 §4.7).
 */
export const bulkCommandCalls = {
  send: (deviceGuid: string, request: Parameters<typeof sendDeviceCommand>[0]['request']) =>
    sendDeviceCommand({ deviceGuid, request }),
  get: getDeviceCommand,
};

export const bulkOutputCalls = {
  readOutputs: async (deviceGuid: string, signal: AbortSignal) =>
    (await getShadow(deviceGuid, 'Outputs', signal))?.reported?.state ?? null,
  save: (deviceGuid: string, toggles: Parameters<typeof saveOutputControl>[0]['toggles']) =>
    saveOutputControl({ deviceGuid, toggles }),
  get: getShadowCommand,
};
