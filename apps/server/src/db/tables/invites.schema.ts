import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './auth.schema.ts';
import { devices } from './devices.schema.ts';
import { orgs } from './orgs.schema.ts';

/**
 * Pending invitations (spec 1 §3): bound to the invited e-mail address (kept lower-cased), with exactly one
 * target: an organization, a fleet or a device. Fleets do not exist yet, so fleet_guid has no foreign key.
 */
export const invites = pgTable(
  'invites',
  {
    inviteGuid: uuid('invite_guid').primaryKey().defaultRandom(),
    targetEmail: text('target_email').notNull(),
    access: smallint('access').notNull().default(100),
    orgGuid: uuid('org_guid').references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    fleetGuid: uuid('fleet_guid'),
    deviceGuid: uuid('device_guid').references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.userGuid, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invites_target_email_idx').on(t.targetEmail),
    /** One pending invite per address and target: inviting again replaces it. */
    unique('invites_target_unique')
      .on(t.targetEmail, t.orgGuid, t.fleetGuid, t.deviceGuid)
      .nullsNotDistinct(),
    check('invites_target_email_lower', sql`${t.targetEmail} = lower(${t.targetEmail})`),
    check('invites_one_target', sql`num_nonnulls(${t.orgGuid}, ${t.fleetGuid}, ${t.deviceGuid}) = 1`),
  ],
);
