import { z } from 'zod';
import { okResponseSchema } from '../common.ts';
import { deviceParamsSchema } from '../devices.ts';
import { defineOperation } from '../operations.ts';
import { entitlementProfileSchema } from './base-profiles.ts';
import { capabilitiesParamsSchema, getCapabilitiesResponseSchema } from './capabilities.ts';
import {
  allocationDevicesBodySchema,
  createLicenseBodySchema,
  createLicenseResponseSchema,
  deleteLicenseBodySchema,
  extendLicenseBodySchema,
  licenseParamsSchema,
  licenseSchema,
  listAllocationsQuerySchema,
  listAllocationsResponseSchema,
  listLicensesQuerySchema,
  listLicensesResponseSchema,
} from './licenses.ts';
import {
  deviceEntitlementsQuerySchema,
  deviceEntitlementsResponseSchema,
  deviceLicensesResponseSchema,
} from './merge-entitlements.ts';
import {
  createProfileBodySchema,
  createProfileResponseSchema,
  deleteProfileBodySchema,
  listProfilesQuerySchema,
  listProfilesResponseSchema,
  profileParamsSchema,
  updateProfileBodySchema,
} from './profiles.ts';

const tags = ['entitlements'];

/**
 * What each product can be licensed for, what a device is entitled to (spec 2 §4.10, §7), and the
 * administration of profiles and licences (spec 3 §2.8, §7): EntitlementManagement, except that an
 * organization's members read their organization's licences and its editors manage their allocations.
 */
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
  listProfiles: defineOperation({
    method: 'GET',
    path: '/entitlements/profiles',
    summary: 'Entitlement profiles by name, 50 a page (EntitlementManagement)',
    tags,
    query: listProfilesQuerySchema,
    status: 200,
    response: listProfilesResponseSchema,
  }),
  getProfile: defineOperation({
    method: 'GET',
    path: '/entitlements/profiles/:profile_guid',
    summary: 'One entitlement profile with its properties (EntitlementManagement)',
    tags,
    params: profileParamsSchema,
    status: 200,
    response: z.object({ profile: entitlementProfileSchema }),
  }),
  createProfile: defineOperation({
    method: 'POST',
    path: '/entitlements/profiles',
    summary: "Create an entitlement profile; its values are checked against the platform's capabilities",
    tags,
    body: createProfileBodySchema,
    status: 201,
    response: createProfileResponseSchema,
  }),
  updateProfile: defineOperation({
    method: 'PATCH',
    path: '/entitlements/profiles/:profile_guid',
    summary: 'Rename a profile or change its values; its platform is fixed (EntitlementManagement)',
    tags,
    params: profileParamsSchema,
    body: updateProfileBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  deleteProfile: defineOperation({
    method: 'DELETE',
    path: '/entitlements/profiles/:profile_guid',
    summary: 'Delete a profile no licence uses, giving a reason; base profiles stay (EntitlementManagement)',
    tags,
    params: profileParamsSchema,
    body: deleteProfileBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  listLicenses: defineOperation({
    method: 'GET',
    path: '/entitlements/licenses',
    summary:
      "Licences with the search's filters, 50 a page; an organization's members may list their own organization's",
    tags,
    query: listLicensesQuerySchema,
    status: 200,
    response: listLicensesResponseSchema,
  }),
  createLicense: defineOperation({
    method: 'POST',
    path: '/entitlements/licenses',
    summary: 'Grant a profile to an organization or to a serial number for some days (EntitlementManagement)',
    tags,
    body: createLicenseBodySchema,
    status: 201,
    response: createLicenseResponseSchema,
  }),
  extendLicense: defineOperation({
    method: 'PATCH',
    path: '/entitlements/licenses/:license_id',
    summary: 'Extend a licence by some days (EntitlementManagement)',
    tags,
    params: licenseParamsSchema,
    body: extendLicenseBodySchema,
    status: 200,
    response: z.object({ license: licenseSchema }),
  }),
  deleteLicense: defineOperation({
    method: 'DELETE',
    path: '/entitlements/licenses/:license_id',
    summary: 'Delete a licence, giving a reason; its devices lose what it granted (EntitlementManagement)',
    tags,
    params: licenseParamsSchema,
    body: deleteLicenseBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  listAllocations: defineOperation({
    method: 'GET',
    path: '/entitlements/licenses/:license_id/allocations',
    summary: "The devices a per-device licence is allocated to (the licence organization's members)",
    tags,
    params: licenseParamsSchema,
    query: listAllocationsQuerySchema,
    status: 200,
    response: listAllocationsResponseSchema,
  }),
  allocate: defineOperation({
    method: 'POST',
    path: '/entitlements/licenses/:license_id/allocations',
    summary: "Allocate a per-device licence to devices of its organization (the organization's editors)",
    tags,
    params: licenseParamsSchema,
    body: allocationDevicesBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  deallocate: defineOperation({
    method: 'DELETE',
    path: '/entitlements/licenses/:license_id/allocations',
    summary: "Take a per-device licence back from devices (the organization's editors)",
    tags,
    params: licenseParamsSchema,
    body: allocationDevicesBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
};
