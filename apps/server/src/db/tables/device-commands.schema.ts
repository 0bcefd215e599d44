import type { RestResponse } from '@ec/contract/rest-direct';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz } from '../columns.ts';
import { users } from './auth.schema.ts';
import { devices } from './devices.schema.ts';

/** Device commands (spec 2 §4.5): one-off actions; the data is stored without its secrets. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    commandGuid: uuid('command_guid').primaryKey().defaultRandom(),
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    command: text('command').notNull(),
    data: jsonb('data').$type<unknown>(),
    state: text('state', { enum: ['issued', 'accepted', 'complete', 'failed', 'rejected'] })
      .notNull()
      .default('issued'),
    message: text('message'),
    /** What the device's local API answered a rest_direct command; null for every other command. */
    response: jsonb('response').$type<RestResponse>(),
    createdBy: uuid('created_by').references(() => users.userGuid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    index('device_commands_device_idx').on(t.deviceGuid, t.createdAt),
    index('device_commands_open_idx').on(t.createdAt).where(sql`${t.state} in ('issued', 'accepted')`),
  ],
);
