import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz } from '../columns.ts';
import { users } from './auth.schema.ts';
import { devices } from './devices.schema.ts';

/** Reported and requested sides of each named shadow document. */
export const shadows = pgTable(
  'shadows',
  {
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    shadowName: text('shadow_name').notNull(),
    reportedState: jsonb('reported_state').$type<Record<string, unknown>>(),
    reportedVersion: integer('reported_version'),
    reportedAt: tz('reported_at'),
    requestedState: jsonb('requested_state').$type<Record<string, unknown>>(),
    requestedAt: tz('requested_at'),
  },
  (t) => [primaryKey({ columns: [t.deviceGuid, t.shadowName] })],
);

export const shadowCommands = pgTable(
  'shadow_commands',
  {
    commandGuid: uuid('command_guid').primaryKey().defaultRandom(),
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    shadowName: text('shadow_name').notNull(),
    commandType: text('command_type', { enum: ['get', 'set'] }).notNull(),
    targetVersion: integer('target_version'),
    requestedState: jsonb('requested_state').$type<Record<string, unknown>>(),
    commandState: text('command_state', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    response: jsonb('response').$type<{
      message: string | null;
      error_code: string | null;
      state: Record<string, unknown> | null;
      current_version: number | null;
    }>(),
    createdBy: uuid('created_by').references(() => users.userGuid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When the command was handed to the broker; null while the device is offline. */
    deliveredAt: tz('delivered_at'),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    index('shadow_commands_device_idx').on(t.deviceGuid, t.createdAt),
    // The pending commands the timeout job and reconnecting devices look for.
    index('shadow_commands_pending_idx')
      .on(t.deviceGuid, t.deliveredAt)
      .where(sql`${t.commandState} = 'pending'`),
  ],
);
