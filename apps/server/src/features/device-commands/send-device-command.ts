import { randomUUID } from 'node:crypto';
import type { DeviceCommandName } from '@ec/contract/device-commands';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answeringDeviceFailures } from '../../device-core/device-api-errors.ts';
import { requireCaller } from '../../http/request-context.ts';
import { requireDeviceEditor } from '../devices/device-access.ts';

/** Sends a device command for the caller, who needs control of the device; answers what the API returns. */
export async function sendDeviceCommandAs(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { device_guid: string } }>,
  command: DeviceCommandName,
  data?: unknown,
  commandGuid?: string,
) {
  const { device, scope } = await requireDeviceEditor(app, request, request.params.device_guid);
  const { user } = requireCaller(request);
  const created = await answeringDeviceFailures(() =>
    app.devices.sendDeviceCommand({
      deviceGuid: device.deviceGuid,
      orgGuid: scope.orgGuid,
      command,
      data,
      commandGuid,
      actor: { userGuid: user.userGuid, email: user.email },
    }),
  );
  return { command_guid: created.commandGuid, api_request_id: randomUUID() };
}
