import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz } from '../columns.ts';
import { users } from './auth.schema.ts';

/**
 * The container directory (spec 3 §3.8): the containers devices may install. The company is kept
 * flat, as the console holds it (companyName, companyUrl, companyDescription).
 */
export const containerDirectory = pgTable(
  'container_directory',
  {
    containerGuid: uuid('container_guid').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull().default(''),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    description: text('description').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    companyUrl: text('company_url').notNull().default(''),
    companyDescription: text('company_description').notNull().default(''),
    requirements: text('requirements').notNull().default(''),
    manifest: jsonb('manifest').$type<Record<string, unknown>>().notNull().default({}),
    platforms: text('platforms', { enum: ['edgecaster', 'edgecaster_max'] })
      .array()
      .notNull(),
    published: boolean('published').notNull().default(false),
    licensable: boolean('licensable').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.userGuid, { onDelete: 'set null' }),
  },
  (t) => [index('container_directory_name_idx').on(sql`lower(${t.name}) collate "C"`, t.containerGuid)],
);

/**
 * The directory's audit log: who created, changed or deleted which entry, written in the change's
 * transaction. No reference to the entry, so a deleted entry's history stays.
 */
export const containerDirectoryEvents = pgTable(
  'container_directory_events',
  {
    eventGuid: uuid('event_guid').primaryKey().defaultRandom(),
    containerGuid: uuid('container_guid').notNull(),
    action: text('action', { enum: ['created', 'updated', 'deleted'] }).notNull(),
    userGuid: uuid('user_guid'),
    email: text('email').notNull(),
    /** The entry's name and the fields the change set. */
    eventData: jsonb('event_data').$type<Record<string, unknown>>().notNull(),
    timestamp: tz('timestamp').notNull().defaultNow(),
  },
  (t) => [index('container_directory_events_container_idx').on(t.containerGuid, t.timestamp)],
);
