import { type BulkActionBody, bulkActionOperations } from '@ec/contract/bulk-actions';
import { callOperation } from '../../../lib/api-client';
import { getDeviceCommand } from '../../../lib/device-commands/get-device-command';
import { getShadowCommand } from '../../../lib/shadows/get-shadow-command';

/** POST /devices/bulk_actions: one call for every device, one result each (spec 2 §2.3, §5). */
export const runBulkAction = (body: BulkActionBody, signal: AbortSignal) =>
  callOperation(bulkActionOperations.run, { body, signal });

/**
 * How an accepted device's action is followed, as the device page follows it: GET
 * /devices/{guid}/commands/{command_guid} (spec 2 §4.5), or for Output Control the Outputs set's GET
 * .../shadows/commands/{command_guid} (spec 2 §4.7).
 */
export const bulkFollowCalls = { command: getDeviceCommand, shadowCommand: getShadowCommand };
