import type { FastifyBaseLogger } from 'fastify';
import type { DeviceEventBus } from '../../shared/device-event-bus.ts';
import type { LicensesService } from './licenses.service.ts';

/**
 * A profile's values changed (the profiles calls emit `entitlement_profile.changed` once stored): the
 * devices it reaches are sent their new entitlements, and open pages refetch them.
 */
export function pushProfileChanges(
  bus: DeviceEventBus,
  licenses: Pick<LicensesService, 'profileChanged'>,
  log: FastifyBaseLogger,
) {
  return bus.on('entitlement_profile.changed', (event) => {
    licenses
      .profileChanged(event.profileGuid)
      .catch((error: unknown) =>
        log.warn(
          { err: error, profileGuid: event.profileGuid },
          'sending a changed profile to devices failed',
        ),
      );
  });
}
