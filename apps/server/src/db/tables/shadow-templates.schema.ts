import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz } from '../columns.ts';
import { users } from './auth.schema.ts';
import { fleets } from './fleets.schema.ts';
import { orgs } from './orgs.schema.ts';

/**
 * Saved shadow documents (spec 3 §3.13, §7), one name per shadow: an organization's own (no fleet) and
 * each fleet's beside them (`fleet_guid`, target_object fleet).
 */
export const shadowTemplates = pgTable(
  'shadow_templates',
  {
    templateGuid: uuid('template_guid').primaryKey().defaultRandom(),
    orgGuid: uuid('org_guid')
      .notNull()
      .references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    fleetGuid: uuid('fleet_guid').references(() => fleets.fleetGuid, { onDelete: 'cascade' }),
    shadowName: text('shadow_name').notNull(),
    templateName: text('template_name').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.userGuid, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('shadow_templates_name_idx')
      .on(t.orgGuid, t.shadowName, t.templateName)
      .where(sql`${t.fleetGuid} is null`),
    uniqueIndex('shadow_templates_fleet_name_idx')
      .on(t.fleetGuid, t.shadowName, t.templateName)
      .where(sql`${t.fleetGuid} is not null`),
  ],
);
