import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { devices } from './devices.schema.ts';

const deviceGuid = () =>
  uuid('device_guid')
    .notNull()
    .references(() => devices.deviceGuid, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 0 }).notNull();

/**
 * Every reading a device reported, one row per metric and sample (a device samples once a minute).
 * Kept for METRICS_RAW_DAYS; queries with buckets shorter than an hour read it.
 */
export const deviceMetricSamples = pgTable(
  'device_metric_samples',
  {
    deviceGuid: deviceGuid(),
    namespace: text('namespace').notNull(),
    metricName: text('metric_name').notNull(),
    sampledAt: at('sampled_at'),
    value: doublePrecision('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceGuid, t.namespace, t.metricName, t.sampledAt] }),
    /** Retention deletes by age; a block range index costs the appends almost nothing. */
    index('device_metric_samples_age_idx').using('brin', t.sampledAt),
  ],
);

/**
 * The samples of each hour rolled up as they arrive (count, sum, minimum, maximum), so an average stays
 * exact across buckets of an hour or more. Kept for METRICS_HOURLY_DAYS; longer queries read it.
 */
export const deviceMetricHours = pgTable(
  'device_metric_hours',
  {
    deviceGuid: deviceGuid(),
    namespace: text('namespace').notNull(),
    metricName: text('metric_name').notNull(),
    hour: at('hour'),
    sampleCount: integer('sample_count').notNull(),
    sum: doublePrecision('sum').notNull(),
    minimum: doublePrecision('minimum').notNull(),
    maximum: doublePrecision('maximum').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceGuid, t.namespace, t.metricName, t.hour] }),
    index('device_metric_hours_age_idx').using('brin', t.hour),
  ],
);

/** The metrics each device has reported and when last: the explorer's choices without scanning samples. */
export const deviceMetricNames = pgTable(
  'device_metric_names',
  {
    deviceGuid: deviceGuid(),
    namespace: text('namespace').notNull(),
    metricName: text('metric_name').notNull(),
    lastSeen: at('last_seen'),
  },
  (t) => [
    primaryKey({ columns: [t.deviceGuid, t.namespace, t.metricName] }),
    index('device_metric_names_seen_idx').on(t.lastSeen),
  ],
);
