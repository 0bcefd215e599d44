import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz } from '../columns.ts';
import { users } from './auth.schema.ts';
import { devices } from './devices.schema.ts';
import { orgs } from './orgs.schema.ts';

/**
 * Configuration rollouts in waves (decisions 189-194): what is rolled out (a template's document or one
 * shadow's change, kept as it was at the start), the waves' settings and where the rollout is. Any
 * server process carries a running rollout on: a step claims the row by moving `locked_until` on by a
 * lease (`for update skip locked`), so a process that dies mid-step leaves it to another once the
 * lease lapses.
 */
export const rollouts = pgTable(
  'rollouts',
  {
    rolloutGuid: uuid('rollout_guid').primaryKey().defaultRandom(),
    orgGuid: uuid('org_guid')
      .notNull()
      .references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.userGuid, { onDelete: 'set null' }),
    /** The creator's address when it started: the devices' events name who sent each set. */
    createdByEmail: text('created_by_email'),
    rolloutState: text('rollout_state', {
      enum: ['running', 'paused', 'completed', 'stopped', 'cancelled'],
    }).notNull(),
    stopReason: text('stop_reason'),
    sourceKind: text('source_kind', { enum: ['template', 'change'] }).notNull(),
    shadowName: text('shadow_name').notNull(),
    /** The template it came from; its document is kept below as it was at the start. */
    templateGuid: uuid('template_guid'),
    templateName: text('template_name'),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    targetKind: text('target_kind', { enum: ['fleet', 'devices'] }).notNull(),
    fleetGuid: uuid('fleet_guid'),
    waveSize: integer('wave_size').notNull(),
    pauseSeconds: integer('pause_seconds').notNull(),
    offlinePolicy: text('offline_policy', { enum: ['skip', 'queue'] }).notNull(),
    waveCount: integer('wave_count').notNull(),
    /** The wave under way (0-based); wave_count once every wave was sent. */
    currentWave: integer('current_wave').notNull().default(0),
    /** During a pause between waves: when the next one goes out. */
    nextWaveAt: tz('next_wave_at'),
    /** A process working on it holds it until then. */
    lockedUntil: tz('locked_until'),
    createdAt: createdAt(),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    index('rollouts_org_idx').on(t.orgGuid, t.createdAt),
    index('rollouts_active_idx').on(t.lockedUntil).where(sql`${t.rolloutState} in ('running', 'paused')`),
    check('rollouts_wave_size', sql`${t.waveSize} between 1 and 1000`),
  ],
);

/** Each target device's part in a rollout: its wave, its set command and the result. */
export const rolloutDevices = pgTable(
  'rollout_devices',
  {
    rolloutGuid: uuid('rollout_guid')
      .notNull()
      .references(() => rollouts.rolloutGuid, { onDelete: 'cascade' }),
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    /** Its place in the rollout (waves are consecutive runs of wave_size places). */
    position: integer('position').notNull(),
    wave: integer('wave').notNull(),
    deviceState: text('device_state', {
      enum: ['pending', 'sent', 'acknowledged', 'rejected', 'timed_out', 'skipped', 'queued', 'cancelled'],
    })
      .notNull()
      .default('pending'),
    /** The shadow set that carried the change (shadow_commands; not a foreign key: history is pruned). */
    commandGuid: uuid('command_guid'),
    message: text('message'),
    errorCode: text('error_code'),
    sentAt: tz('sent_at'),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.rolloutGuid, t.deviceGuid] }),
    index('rollout_devices_wave_idx').on(t.rolloutGuid, t.wave, t.position),
    index('rollout_devices_open_idx').on(t.deviceGuid).where(sql`${t.deviceState} in ('sent', 'queued')`),
    index('rollout_devices_command_idx').on(t.commandGuid),
  ],
);
