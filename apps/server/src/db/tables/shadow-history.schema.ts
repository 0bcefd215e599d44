import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../columns.ts';
import { devices } from './devices.schema.ts';
import { orgs } from './orgs.schema.ts';

/**
 * Every version a device reported of each shadow (written with the reported document, in
 * shadows.repository's saveReportedMany). Who caused it is copied from the set command when the
 * version is written, so the row stays true when the command or the user is gone.
 */
export const shadowVersions = pgTable(
  'shadow_versions',
  {
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    shadowName: text('shadow_name').notNull(),
    version: integer('version').notNull(),
    /**
     * The organization the device was in when it reported the version (null: not adopted). Only the
     * device's current organization reads it, so a device adopted elsewhere shows none of its past.
     */
    orgGuid: uuid('org_guid').references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    /** The document as last reported at this version (a device's statuses change without a new version). */
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    /** When the version was first stored. */
    reportedAt: tz('reported_at').notNull(),
    /** The set command the device answered with this version; null when the device changed it itself. */
    commandGuid: uuid('command_guid'),
    causedByUserGuid: uuid('caused_by_user_guid'),
    causedByEmail: text('caused_by_email'),
  },
  (t) => [
    primaryKey({ columns: [t.deviceGuid, t.shadowName, t.version] }),
    // The retention job's age sweep.
    index('shadow_versions_reported_at_idx').on(t.reportedAt),
  ],
);
