import { entitlementOperations as operations } from '@ec/contract/entitlements/entitlement-operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireActor } from '../auth/request-context.ts';
import { presentAllocation, presentLicense } from './license.presenter.ts';
import {
  requireEntitlementManager,
  requireLicenseAllocations,
  requireLicenseListScope,
} from './license-access.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const done = { ok: true as const };

/**
 * /entitlements/licenses (spec 3 §2.8, §7; spec 2 §2.12): entitlement administrators create, extend
 * and delete licences; an organization's members list its licences and its editors allocate them.
 */
export const licensesRoutes: FastifyPluginAsyncZod = async (app) => {
  const licenses = app.services.licenses;

  app.route({
    ...operationRoute(operations.listLicenses, errors),
    handler: async (request) => {
      const { orgGuid } = await requireLicenseListScope(app, request);
      const { query } = request;
      const { page, pagination_token } = await licenses.list(
        {
          orgGuid,
          profileGuid: query.profile_guid,
          licenseName: query.license_name,
          salesOrder: query.sales_order,
          profilePlatform: query.profile_platform,
          serialNumber: query.serial_number,
          createdStart: query.created_start,
          createdEnd: query.created_end,
          expiresStart: query.expires_start,
          expiresEnd: query.expires_end,
          showOrgs: query.show_orgs,
          showSerials: query.show_serials,
        },
        query,
      );
      const now = new Date();
      return { licenses: page.map((row) => presentLicense(row, now)), pagination_token };
    },
  });

  app.route({
    ...operationRoute(operations.createLicense, errors),
    handler: async (request, reply) => {
      requireEntitlementManager(request);
      const licenseId = await licenses.create(request.body, requireActor(request));
      return reply.status(201).send({ license_id: licenseId });
    },
  });

  app.route({
    ...operationRoute(operations.extendLicense, errors),
    handler: async (request) => {
      requireEntitlementManager(request);
      const license = await licenses.find(request.params.license_id);
      const extended = await licenses.extend(
        license,
        request.body.additional_lifespan_days,
        requireActor(request),
      );
      return { license: presentLicense(extended) };
    },
  });

  app.route({
    ...operationRoute(operations.deleteLicense, errors),
    handler: async (request) => {
      requireEntitlementManager(request);
      const license = await licenses.find(request.params.license_id);
      await licenses.delete(license, request.body.reason, requireActor(request));
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.listAllocations, errors),
    handler: async (request) => {
      const license = await requireLicenseAllocations(app, request, 'read');
      const { page, pagination_token } = await licenses.listAllocations(license, request.query);
      return { allocations: page.map(presentAllocation), pagination_token };
    },
  });

  app.route({
    ...operationRoute(operations.allocate, errors),
    handler: async (request) => {
      const license = await requireLicenseAllocations(app, request, 'change');
      await licenses.allocate(license, request.body.devices, requireActor(request));
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.deallocate, errors),
    handler: async (request) => {
      const license = await requireLicenseAllocations(app, request, 'change');
      await licenses.deallocate(license, request.body.devices, requireActor(request));
      return done;
    },
  });
};
