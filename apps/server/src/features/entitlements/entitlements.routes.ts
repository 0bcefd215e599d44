import { capabilityProfileOf } from '@ec/contract/entitlements/capability-catalogue';
import { entitlementOperations as operations } from '@ec/contract/entitlements/entitlement-operations';
import type { DeviceLicense } from '@ec/contract/entitlements/merge-entitlements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireActor, requireCaller } from '../auth/request-context.ts';
import { requireDeviceReader } from '../devices/device-access.ts';
import { requireEntitlementAdmin } from './profiles.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const profileErrors = errorResponses(400, 401, 403, 404, 409);
const done = { ok: true as const };

/** The device-side licence record of the entitlement JSON (spec 3 §3.11). */
const deviceLicenseRecord = ({ profile_guid, license_type, created, expires, expired }: DeviceLicense) => ({
  profile_guid,
  license_type,
  created,
  expires,
  expired,
});

/**
 * What each product can be licensed for, what a device is entitled to (spec 2 §4.10, §7), and the
 * entitlement profiles' administration (spec 3 §2.8, §7: EntitlementManagement).
 */
export const entitlementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = app.services.profiles;
  /** The caller, who must hold EntitlementManagement. */
  const requireAdmin = (request: Parameters<typeof requireCaller>[0]) => {
    requireEntitlementAdmin(requireCaller(request).user.groups);
    return requireActor(request);
  };

  app.route({
    ...operationRoute(operations.capabilities, errors),
    handler: async (request) => {
      requireCaller(request);
      return capabilityProfileOf(request.params.product);
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

  app.route({
    ...operationRoute(operations.listProfiles, errors),
    handler: async (request) => {
      requireAdmin(request);
      return profiles.list(request.query);
    },
  });

  app.route({
    ...operationRoute(operations.getProfile, errors),
    handler: async (request) => {
      requireAdmin(request);
      return { profile: await profiles.get(request.params.profile_guid) };
    },
  });

  app.route({
    ...operationRoute(operations.createProfile, errors),
    handler: async (request, reply) => {
      const actor = requireAdmin(request);
      const profileGuid = await profiles.create(request.body, actor);
      return reply.status(201).send({ profile_guid: profileGuid });
    },
  });

  app.route({
    ...operationRoute(operations.updateProfile, errors),
    handler: async (request) => {
      const actor = requireAdmin(request);
      await profiles.update(request.params.profile_guid, request.body, actor);
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.deleteProfile, profileErrors),
    handler: async (request) => {
      const actor = requireAdmin(request);
      await profiles.delete(request.params.profile_guid, request.body.reason, actor);
      return done;
    },
  });
};
