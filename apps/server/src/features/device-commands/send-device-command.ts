import { randomUUID } from 'node:crypto';
import { deviceCommandRefusal } from '@ec/contract/device-command-rules';
import type { DeviceCommandName } from '@ec/contract/device-commands';
import { featureLabel } from '@ec/contract/entitlements/capability-catalogue';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answeringDeviceFailures, refusalError } from '../../shared/device-errors.ts';
import { requireActor } from '../auth/request-context.ts';
import { type DeviceAccess, requireOrgDevice } from '../devices/device-access.ts';

/**
 * Sends a device command for the caller when spec 2 §5-6 allow it (rights, the device's entitlements,
 * its cloud agent's version); answers what the API returns.
 */
export async function sendDeviceCommandAs(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { device_guid: string } }>,
  command: DeviceCommandName,
  data?: unknown,
  commandGuid?: string,
) {
  const access = await requireOrgDevice(app, request, request.params.device_guid);
  return sendDeviceCommandTo(app, request, access, command, data, commandGuid);
}

/** As `sendDeviceCommandAs`, to a device whose access is already loaded (a bulk action's device). */
export async function sendDeviceCommandTo(
  app: FastifyInstance,
  request: FastifyRequest,
  { device, scope, rights }: DeviceAccess,
  command: DeviceCommandName,
  data?: unknown,
  commandGuid?: string,
) {
  const refusal = deviceCommandRefusal({
    command,
    rights,
    entitlements: (await app.services.devices.effectiveEntitlements(device.deviceGuid)).properties,
    cloudVersion: typeof device.state?.cloud_version === 'string' ? device.state.cloud_version : null,
    featureLabel: (feature) => featureLabel(device.productName, feature),
  });
  if (refusal) throw refusalError(refusal);
  const created = await answeringDeviceFailures(() =>
    app.services.deviceCommands.sendDeviceCommand({
      deviceGuid: device.deviceGuid,
      orgGuid: scope.orgGuid,
      command,
      data,
      commandGuid,
      actor: requireActor(request),
    }),
  );
  return { command_guid: created.commandGuid, api_request_id: randomUUID() };
}
