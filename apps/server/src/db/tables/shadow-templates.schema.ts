import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz } from '../columns.ts';
import { users } from './auth.schema.ts';
import { orgs } from './orgs.schema.ts';

/** An organization's saved shadow documents (spec 3 §3.13), one name per shadow. */
export const shadowTemplates = pgTable(
  'shadow_templates',
  {
    templateGuid: uuid('template_guid').primaryKey().defaultRandom(),
    orgGuid: uuid('org_guid')
      .notNull()
      .references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    shadowName: text('shadow_name').notNull(),
    templateName: text('template_name').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.userGuid, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('shadow_templates_name_idx').on(t.orgGuid, t.shadowName, t.templateName)],
);
