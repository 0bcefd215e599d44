import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tz } from '../columns.ts';
import { orgs } from './orgs.schema.ts';

/** Numbers serials at provisioning: 10000001 becomes 1000-0001. */
export const deviceSerialSequence = pgSequence('device_serial_seq', { startWith: 10000001 });

/** The registry of provisioned devices, adopted into at most one organization. */
export const devices = pgTable(
  'devices',
  {
    deviceGuid: uuid('device_guid').primaryKey().defaultRandom(),
    serialNumber: text('serial_number').notNull(),
    productName: text('product_name', { enum: ['edgecaster', 'edgecaster_max'] }).notNull(),
    macAddress: text('mac_address').notNull(),
    manufactureDate: date('manufacture_date', { mode: 'string' }).notNull(),
    provisionDate: tz('provision_date').notNull().defaultNow(),
    mqttSecretHash: text('mqtt_secret_hash').notNull(),
    /** The partner the device was provisioned for (spec 2 §3 partner_id), set at provisioning. */
    partnerId: text('partner_id'),
    orgGuid: uuid('org_guid').references(() => orgs.orgGuid, { onDelete: 'set null' }),
    adoptedAt: tz('adopted_at'),
    /** Kept from the System shadow's device_name so that lists sort and search on the server. */
    deviceName: text('device_name').notNull().default(''),
    metadata: jsonb('metadata').$type<{ key: string; value: string }[]>().notNull().default([]),
    online: boolean('online').notNull().default(false),
    onlineChangedAt: tz('online_changed_at'),
    state: jsonb('state').$type<Record<string, unknown>>(),
    stateUpdatedAt: tz('state_updated_at'),
    /** Streaming status of the reported outputs (spec 2 §4.1 codes 0-3), kept when the Outputs shadow changes. */
    outputsStatus: smallint('outputs_status'),
  },
  (t) => [
    uniqueIndex('devices_serial_idx').on(t.serialNumber),
    index('devices_org_name_idx').on(t.orgGuid, sql`lower(${t.deviceName}) collate "C"`, t.deviceGuid),
  ],
);
