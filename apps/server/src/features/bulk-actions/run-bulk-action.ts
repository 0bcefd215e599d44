import { type BulkActionBody, type BulkDeviceResult, bulkActionRefusal } from '@ec/contract/bulk-actions';
import { featureLabel } from '@ec/contract/entitlements/capability-catalogue';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.ts';
import { answeringDeviceFailures, refusalError } from '../../shared/device-errors.ts';
import { requireActor, requireCaller } from '../auth/request-context.ts';
import { sendDeviceCommandTo } from '../device-commands/send-device-command.ts';
import { type DeviceAccess, requireOrgDevice } from '../devices/device-access.ts';

/** How many devices a bulk action works on at once: each costs a few reads and a publish. */
const DEVICES_AT_ONCE = 8;

async function actOn(
  app: FastifyInstance,
  request: FastifyRequest,
  access: DeviceAccess,
  body: BulkActionBody,
): Promise<{ commandGuid: string; outputCount: number | null }> {
  const { device, rights } = access;
  const refusal = bulkActionRefusal({
    rights,
    entitlements: (await app.services.devices.effectiveEntitlements(device.deviceGuid)).properties,
    featureLabel: (feature) => featureLabel(device.productName, feature),
  });
  if (refusal) throw refusalError(refusal);
  if (body.action !== 'output_control') {
    const sent = await sendDeviceCommandTo(app, request, access, body.action);
    return { commandGuid: sent.command_guid, outputCount: null };
  }
  const { command, outputCount } = await answeringDeviceFailures(() =>
    app.services.shadows.switchOutputs({
      device,
      orgGuid: access.scope.orgGuid,
      rights,
      actor: requireActor(request),
      toggles: { all: body.enable === true },
    }),
  );
  return { commandGuid: command.commandGuid, outputCount };
}

/** One device of a bulk action, answered as its single-device call would be. */
async function resultFor(
  app: FastifyInstance,
  request: FastifyRequest,
  deviceGuid: string,
  body: BulkActionBody,
): Promise<BulkDeviceResult> {
  try {
    const access = await requireOrgDevice(app, request, deviceGuid);
    const { commandGuid, outputCount } = await actOn(app, request, access, body);
    return {
      device_guid: deviceGuid,
      status: 202,
      command_guid: commandGuid,
      output_count: outputCount,
      error_code: null,
      message: null,
    };
  } catch (error) {
    // One device's failure is its own answer; the others go on (spec 2 §2.3).
    if (!(error instanceof ApiError)) request.log.error({ err: error, deviceGuid }, 'bulk action failed');
    const known = error instanceof ApiError ? error : null;
    return {
      device_guid: deviceGuid,
      status: known?.statusCode ?? 500,
      command_guid: null,
      output_count: null,
      error_code: known?.errorCode ?? 'INTERNAL_ERROR',
      message: known?.message ?? 'The action could not be sent to this device.',
    };
  }
}

/**
 * Runs a bulk action (spec 2 §2.3) for the caller: every device is held to the bulk_actions feature
 * (device admins bypass it, spec 2 §5) and then to the action's own rules, exactly as the single
 * call would hold it. Answers one result per device, in the order asked.
 */
export async function runBulkAction(app: FastifyInstance, request: FastifyRequest, body: BulkActionBody) {
  // Without a session the call fails as a whole, not device by device.
  requireCaller(request);
  const results: BulkDeviceResult[] = new Array(body.device_guids.length);
  let next = 0;
  const lane = async () => {
    while (next < body.device_guids.length) {
      const index = next++;
      results[index] = await resultFor(app, request, body.device_guids[index]!, body);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DEVICES_AT_ONCE, body.device_guids.length) }, lane));
  return { results };
}
