import {
  type ContainerInstallRefusal,
  containerInstallRefusal,
  DIRECTORY_MESSAGES,
  installContainerData,
  type UninstallContainerData,
} from '@ec/contract/containers/directory';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.ts';
import { requireCaller } from '../auth/request-context.ts';
import { sendDeviceCommandTo } from '../device-commands/send-device-command.ts';
import type { DeviceAccess } from '../devices/device-access.ts';
import { presentDirectoryEntry } from './directory-entry.presenter.ts';

/** Containers on a device are changed by its editors (spec 3 §6); the rest learn nothing of the entry. */
function requireEditor({ rights }: DeviceAccess) {
  if (!rights.admin && !rights.edit) throw ApiError.forbidden('This needs edit rights on the device.');
}

function refusalError(refusal: ContainerInstallRefusal): ApiError {
  if (refusal.reason === 'platform') return ApiError.conflict(refusal.message, 'UNSUPPORTED_DEVICE');
  const code =
    refusal.message === DIRECTORY_MESSAGES.containerNotLicensed ? 'CONTAINER_NOT_LICENSED' : 'NOT_ENTITLED';
  return ApiError.forbidden(refusal.message, code);
}

/**
 * Installs a directory container on a device (POST /devices/{guid}/containers, and the bulk action
 * container_install): the caller edits the device, the entry is one they may read, the device may
 * install it (containerInstallRefusal), then the command install_container goes to the device with
 * the entry's image and manifest, held to the command rules (cloud agent, online) as any command.
 */
export async function installContainerOn(
  app: FastifyInstance,
  request: FastifyRequest,
  access: DeviceAccess,
  containerGuid: string,
) {
  requireEditor(access);
  const { device, rights } = access;
  const entry = presentDirectoryEntry(
    await app.services.containerDirectory.get(requireCaller(request).user, containerGuid),
  );
  const refusal = containerInstallRefusal({
    entry,
    product: device.productName,
    entitlements: (await app.services.devices.effectiveEntitlements(device.deviceGuid)).properties,
    admin: rights.admin,
  });
  if (refusal) throw refusalError(refusal);
  return sendDeviceCommandTo(app, request, access, 'install_container', installContainerData(entry));
}

/** Uninstalls a container from a device (DELETE /devices/{guid}/containers/{container_id}). */
export async function uninstallContainerFrom(
  app: FastifyInstance,
  request: FastifyRequest,
  access: DeviceAccess,
  data: UninstallContainerData,
) {
  requireEditor(access);
  await app.services.docker.refuseProtectedContainer(access, data.container_id);
  return sendDeviceCommandTo(app, request, access, 'uninstall_container', data);
}
