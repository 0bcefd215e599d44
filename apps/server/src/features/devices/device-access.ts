import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.ts';
import { requireCaller } from '../auth/request-context.ts';
import { type OrgScope, requireOrgMember } from '../orgs/org-scope.ts';
import { type DeviceRow, devicesRepository } from './devices.repository.ts';

export interface DeviceAccess {
  device: DeviceRow;
  scope: OrgScope;
}

/**
 * A device of the request's organization. A device of another organization answers 404 like an
 * unknown one, so that guids reveal nothing across organizations.
 */
export async function requireOrgDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  deviceGuid: string,
): Promise<DeviceAccess> {
  const scope = await requireOrgMember(app, request);
  const device = await devicesRepository(app.db).findByGuid(deviceGuid);
  if (!device || device.orgGuid !== scope.orgGuid)
    throw ApiError.notFound('Device not found', 'DEVICE_NOT_FOUND');
  return { device, scope };
}

export async function requireDeviceEditor(app: FastifyInstance, request: FastifyRequest, deviceGuid: string) {
  const access = await requireOrgDevice(app, request, deviceGuid);
  if (!access.scope.canEdit) throw ApiError.forbidden('Only editors of this device can change it');
  return access;
}

/** Platform staff who see every provisioned device (spec 2 §2.8). */
export function requireDeviceManager(request: FastifyRequest) {
  const caller = requireCaller(request);
  if (!caller.user.groups.includes('DeviceManagement')) {
    throw ApiError.forbidden('This needs the DeviceManagement group');
  }
  return caller;
}
