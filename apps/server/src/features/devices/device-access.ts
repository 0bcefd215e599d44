import { type DeviceAccessRights, deviceAccessRights, hasGroup } from '@ec/contract/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type DeviceGrants, deviceUsersReads } from '../../device-core/device-users/device-users.reads.ts';
import { type DeviceRow, devicesReads } from '../../device-core/devices/devices.reads.ts';
import { ApiError } from '../../http/api-error.ts';
import { requireCaller } from '../auth/request-context.ts';
import { orgsRepository } from '../orgs/orgs.repository.ts';

export interface DeviceAccess {
  device: DeviceRow & { orgGuid: string };
  /** The device's organization, which its events and notifications belong to. */
  scope: { orgGuid: string };
  /** What the caller may do with it (`deviceAccessRights`). */
  rights: DeviceAccessRights;
}

/**
 * A device the caller may see: through its organization, as one of its users, through a fleet, or as
 * platform DeviceManagement. The device names its organization, so the organization header is not
 * consulted (decision 45: calls that name their object ignore it). A device the caller may not see
 * answers 404 like an unknown one, so that guids reveal nothing across organizations.
 */
export async function requireOrgDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  deviceGuid: string,
): Promise<DeviceAccess> {
  const { user } = requireCaller(request);
  return accessTo(user, await devicesReads(app.db).findWithGrants(deviceGuid, user.userGuid));
}

/** The caller's access to a device read with their grants; 404 when there is none to see. */
function accessTo(
  user: { groups: readonly string[] },
  found: { device: DeviceRow; grants: DeviceGrants } | undefined,
): DeviceAccess {
  const device = found?.device;
  const rights = found && deviceAccessRights({ ...found.grants, groups: user.groups });
  if (!device?.orgGuid || !rights?.view) throw ApiError.notFound('Device not found', 'DEVICE_NOT_FOUND');
  return { device: { ...device, orgGuid: device.orgGuid }, scope: { orgGuid: device.orgGuid }, rights };
}

/** An unadopted device as platform staff see it: readable, nothing more. */
const UNADOPTED_READER: DeviceAccessRights = { view: true, control: false, edit: false, admin: false };

/**
 * A device the caller may read: as `requireOrgDevice`, and for platform DeviceManagement also a device
 * no organization has adopted (Provisioned Devices opens any device's page, spec 2 §2.8), which they
 * may look at but not change or command (decision 89: the device calls that change need an adopted
 * device). Its `orgGuid` is then null.
 */
export async function requireDeviceReader(
  app: FastifyInstance,
  request: FastifyRequest,
  deviceGuid: string,
): Promise<{ device: DeviceRow; rights: DeviceAccessRights }> {
  const { user } = requireCaller(request);
  const found = await devicesReads(app.db).findWithGrants(deviceGuid, user.userGuid);
  if (found && !found.device.orgGuid && hasGroup(user.groups, 'DeviceManagement'))
    return { device: found.device, rights: UNADOPTED_READER };
  return accessTo(user, found);
}

/** A device the caller may edit (spec 2 §6: above 200, or a device admin). */
export async function requireDeviceEditor(app: FastifyInstance, request: FastifyRequest, deviceGuid: string) {
  const access = await requireOrgDevice(app, request, deviceGuid);
  if (!access.rights.edit) throw ApiError.forbidden('Only editors of this device can change it');
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

/** Which of an organization's devices a caller sees; `grantedTo` limits them to the caller's grants. */
export interface OrgDevicesScope {
  orgGuid: string;
  grantedTo?: string;
}

/**
 * Whose devices of an organization the caller sees (the device list, the organization's events): all
 * of them to its members and to platform DeviceManagement, only the granted ones to a device user who
 * is not a member (spec 2 §6), and to anyone else the 404 of an unknown organization.
 */
export async function requireOrgDevicesScope(
  app: FastifyInstance,
  request: FastifyRequest,
  orgGuid: string | undefined,
): Promise<OrgDevicesScope> {
  const { user } = requireCaller(request);
  if (!orgGuid) throw ApiError.badRequest('Select an organization first (x-org-guid header)', 'ORG_REQUIRED');
  const orgs = orgsRepository(app.db);
  if (await orgs.membership(orgGuid, user.userGuid)) return { orgGuid };
  if (hasGroup(user.groups, 'DeviceManagement') && (await orgs.find(orgGuid))) return { orgGuid };
  if (await deviceUsersReads(app.db).hasGrantIn(orgGuid, user.userGuid))
    return { orgGuid, grantedTo: user.userGuid };
  throw ApiError.notFound('Organization not found', 'ORG_NOT_FOUND');
}
