import { getDeviceCommand } from '../../../lib/device-commands/get-device-command';
import { saveOutputControl } from '../../../lib/device-commands/save-output-control';
import { sendDeviceCommand } from '../../../lib/device-commands/send-device-command';
import { getShadow } from '../../../lib/shadows/get-shadow';
import { getShadowCommand } from '../../../lib/shadows/get-shadow-command';

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
