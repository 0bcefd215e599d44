import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz } from '../columns.ts';
import { devices } from './devices.schema.ts';
import { orgs } from './orgs.schema.ts';

/**
 * Entitlement profiles (spec 3 §3.10): a named map of feature to value for one platform. The base
 * profiles BASE_EDGECASTER and BASE_EDGECASTER_MAX are rows too (seeded by their migration), so that
 * an entitlement administrator can change what every device of a product starts from.
 */
export const entitlementProfiles = pgTable(
  'entitlement_profiles',
  {
    /** BASE_... for a base profile, a uuid's text for the others. */
    profileGuid: text('profile_guid').primaryKey(),
    profileName: text('profile_name').notNull(),
    profilePlatform: text('profile_platform', {
      enum: ['edgecaster', 'edgecaster_max', 'cloud_ui'],
    }).notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('entitlement_profiles_name_idx').on(sql`lower(${t.profileName}) collate "C"`, t.profileGuid)],
);

/**
 * Licences (spec 3 §3.11): a profile granted until `expires` to an organization (unlimited, or to at
 * most allocation_limit of its devices) or to the device with one serial number (a Base License).
 */
export const licenses = pgTable(
  'licenses',
  {
    licenseId: uuid('license_id').primaryKey().defaultRandom(),
    licenseName: text('license_name'),
    salesOrder: text('sales_order'),
    orgGuid: uuid('org_guid').references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    serialNumber: text('serial_number'),
    profileGuid: text('profile_guid')
      .notNull()
      .references(() => entitlementProfiles.profileGuid, { onDelete: 'restrict' }),
    unlimited: boolean('unlimited').notNull().default(false),
    allocationLimit: integer('allocation_limit'),
    lifespanDays: integer('lifespan_days').notNull(),
    createdAt: createdAt(),
    expires: tz('expires').notNull(),
    /**
     * When its devices were told that it expired (the licence expiry job): null while it runs, and
     * again once an extension makes it run again.
     */
    expiryAnnouncedAt: tz('expiry_announced_at'),
  },
  (t) => [
    index('licenses_org_idx').on(t.orgGuid, t.createdAt),
    index('licenses_serial_idx').on(t.serialNumber),
    index('licenses_expires_idx').on(t.expires),
    index('licenses_unannounced_expiry_idx').on(t.expires).where(sql`${t.expiryAnnouncedAt} is null`),
    check('licenses_one_holder', sql`(${t.orgGuid} is null) <> (${t.serialNumber} is null)`),
    check('licenses_allocation_limit', sql`${t.allocationLimit} is null or ${t.allocationLimit} > 0`),
  ],
);

/**
 * The devices a per-device organization licence is allocated to (spec 3 §4.7). A de-allocation asked
 * for stays as pending_deallocation until the device has been told (Pending De-Allocation).
 */
export const licenseAllocations = pgTable(
  'license_allocations',
  {
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.licenseId, { onDelete: 'cascade' }),
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    pendingDeallocation: boolean('pending_deallocation').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.licenseId, t.deviceGuid] }),
    index('license_allocations_device_idx').on(t.deviceGuid),
  ],
);
