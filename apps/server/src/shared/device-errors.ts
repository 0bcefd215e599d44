import type { CommandRefusal } from '@ec/contract/device-command-rules';
import { DEVICE_LINK_UNAVAILABLE } from '@ec/contract/shadows';
import { ApiError } from '../http/api-error.ts';

/** The server cannot hand a message to the broker: not connected, or no acknowledgement in time. */
export class DeviceLinkUnavailableError extends Error {}

/** Thrown when a device command is sent to a device that is not connected. */
export class DeviceOfflineError extends Error {}

/** Runs a device service call from a route, answering the device link's failures as the API does. */
export async function answeringDeviceFailures<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DeviceLinkUnavailableError)
      throw ApiError.serviceUnavailable(
        'The device link is unavailable right now. Try again in a moment.',
        DEVICE_LINK_UNAVAILABLE,
      );
    if (error instanceof DeviceOfflineError)
      throw ApiError.conflict('The device is offline. Try again once it is online.', 'DEVICE_OFFLINE');
    throw error;
  }
}

/**
 * The answer to a change the rules refuse: 403 FORBIDDEN for the caller's rights (not ACCESS_DENIED,
 * which ends the session), 403 NOT_ENTITLED for the device's licences, 409 for a cloud agent too old.
 */
export function refusalError(refusal: CommandRefusal): ApiError {
  if (refusal.reason === 'cloud agent') return ApiError.conflict(refusal.message, 'CLOUD_AGENT_TOO_OLD');
  return ApiError.forbidden(refusal.message, refusal.reason === 'rights' ? 'FORBIDDEN' : 'NOT_ENTITLED');
}
