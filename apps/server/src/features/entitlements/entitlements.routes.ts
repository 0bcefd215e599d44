import { CAPABILITY_PROFILES } from '@ec/contract/entitlements/capability-catalogue';
import { entitlementOperations as operations } from '@ec/contract/entitlements/entitlement-operations';
import type { DeviceLicense } from '@ec/contract/entitlements/merge-entitlements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireCaller } from '../auth/request-context.ts';
import { requireDeviceReader } from '../devices/device-access.ts';

const errors = errorResponses(400, 401, 403, 404);

/** The device-side licence record of the entitlement JSON (spec 3 §3.11). */
const deviceLicenseRecord = ({ profile_guid, license_type, created, expires, expired }: DeviceLicense) => ({
  profile_guid,
  license_type,
  created,
  expires,
  expired,
});

/** What each product can be licensed for, and what a device is entitled to (spec 2 §4.10, §7). */
export const entitlementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.capabilities, errors),
    handler: async (request) => {
      requireCaller(request);
      return CAPABILITY_PROFILES[request.params.product];
    },
  });

  app.route({
    ...operationRoute(operations.device, errors),
    handler: async (request) => {
      const { device } = await requireDeviceReader(app, request, request.params.device_guid);
      const { base, licenses, properties } = await app.services.devices.effectiveEntitlements(
        device.deviceGuid,
      );
      return {
        device_guid: device.deviceGuid,
        product_name: device.productName,
        version: request.query.version,
        generated: new Date().toISOString(),
        base_profile_guid: base.profile_guid,
        licenses: licenses.map(deviceLicenseRecord),
        properties,
      };
    },
  });

  app.route({
    ...operationRoute(operations.deviceLicenses, errors),
    handler: async (request) => {
      const { device } = await requireDeviceReader(app, request, request.params.device_guid);
      return { licenses: (await app.services.devices.effectiveEntitlements(device.deviceGuid)).licenses };
    },
  });
};
