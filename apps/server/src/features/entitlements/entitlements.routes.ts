import { deviceParamsSchema } from '@ec/contract/devices';
import {
  capabilitiesParamsSchema,
  getCapabilitiesResponseSchema,
} from '@ec/contract/entitlements/capabilities';
import { CAPABILITY_PROFILES } from '@ec/contract/entitlements/capability-catalogue';
import {
  deviceEntitlementsQuerySchema,
  deviceEntitlementsResponseSchema,
  deviceLicensesResponseSchema,
} from '@ec/contract/entitlements/merge-entitlements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { requireCaller } from '../auth/request-context.ts';
import { requireOrgDevice } from '../devices/device-access.ts';
import { deviceEntitlements } from './device-entitlements.ts';

const errors = errorResponses(400, 401, 403, 404);

/** What each product can be licensed for, and what a device is entitled to (spec 2 §4.10, §7). */
export const entitlementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['entitlements'];

  app.get(
    '/entitlements/capabilities/:product',
    {
      schema: {
        tags,
        summary: "The product's capability profile: every feature, its type, limits and default",
        params: capabilitiesParamsSchema,
        response: { 200: getCapabilitiesResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireCaller(request);
      return CAPABILITY_PROFILES[request.params.product];
    },
  );

  app.get(
    '/entitlements/devices/:device_guid',
    {
      schema: {
        tags,
        summary: "The device's effective entitlements: its base profile merged with its live licences",
        params: deviceParamsSchema,
        querystring: deviceEntitlementsQuerySchema,
        response: { 200: deviceEntitlementsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { device } = await requireOrgDevice(app, request, request.params.device_guid);
      const now = new Date();
      const { base, licenses, properties } = deviceEntitlements(device, now);
      return {
        device_guid: device.deviceGuid,
        product_name: device.productName,
        version: request.query.version,
        generated: now.toISOString(),
        base_profile_guid: base.profile_guid,
        licenses,
        properties,
      };
    },
  );

  app.get(
    '/entitlements/devices/:device_guid/licenses',
    {
      schema: {
        tags,
        summary: "The device's licences, expired ones too",
        params: deviceParamsSchema,
        response: { 200: deviceLicensesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { device } = await requireOrgDevice(app, request, request.params.device_guid);
      return { licenses: deviceEntitlements(device).licenses };
    },
  );
};
