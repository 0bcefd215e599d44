import { deviceParamsSchema } from '../devices.ts';
import { defineOperation } from '../operations.ts';
import { capabilitiesParamsSchema, getCapabilitiesResponseSchema } from './capabilities.ts';
import {
  deviceEntitlementsQuerySchema,
  deviceEntitlementsResponseSchema,
  deviceLicensesResponseSchema,
} from './merge-entitlements.ts';

const tags = ['entitlements'];

/** What each product can be licensed for, and what a device is entitled to (spec 2 §4.10, §7). */
export const entitlementOperations = {
  capabilities: defineOperation({
    method: 'GET',
    path: '/entitlements/capabilities/:product',
    summary: "The product's capability profile: every feature, its type, limits and default",
    tags,
    params: capabilitiesParamsSchema,
    status: 200,
    response: getCapabilitiesResponseSchema,
  }),
  device: defineOperation({
    method: 'GET',
    path: '/entitlements/devices/:device_guid',
    summary: "The device's effective entitlements: its base profile merged with its live licences",
    tags,
    params: deviceParamsSchema,
    query: deviceEntitlementsQuerySchema,
    status: 200,
    response: deviceEntitlementsResponseSchema,
  }),
  deviceLicenses: defineOperation({
    method: 'GET',
    path: '/entitlements/devices/:device_guid/licenses',
    summary: "The device's licences, expired ones too",
    tags,
    params: deviceParamsSchema,
    status: 200,
    response: deviceLicensesResponseSchema,
  }),
};
