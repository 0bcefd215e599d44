import type { MetricStatistic } from '@ec/contract/metrics';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceOrgs } from '../../db/device-orgs.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { deviceMetricHours, deviceMetricNames, deviceMetricSamples } from '../../db/tables/metrics.schema.ts';
import { grantedToUser } from '../../device-core/device-users/device-users.reads.ts';

export interface MetricReading {
  namespace: string;
  metricName: string;
  value: number;
}

/** One metrics message of one device: its readings at one time. */
export interface MetricsSample {
  deviceGuid: string;
  sampledAt: Date;
  readings: readonly MetricReading[];
  /** The names not written to device_metric_names recently (the service remembers the others). */
  newNames: ReadonlySet<string>;
}

/** One series asked for: a device's metric in buckets of `period` seconds with a statistic. */
export interface SeriesRequest {
  deviceGuid: string;
  /** The device's data is read from here on: when it joined the caller's organization. */
  since: Date | null;
  namespace: string;
  metricName: string;
  period: number;
  statistic: MetricStatistic;
}

export interface BucketRow {
  /** The series' position in the request. */
  series: number;
  /** The bucket's start, in seconds since the epoch. */
  bucket: number;
  value: number;
}

export interface BucketQuery {
  series: readonly SeriesRequest[];
  start: Date;
  end: Date;
  descending: boolean;
  /** The page before ended on this series and bucket. */
  after?: { series: number; bucket: number };
  limit: number;
  /**
   * Where the buckets come from; by default the roll-ups for periods of whole hours, else the samples.
   * Tests and the benchmark compare both; `hours` only makes sense for periods of whole hours.
   */
  source?: 'samples' | 'hours';
}

/** An array of values as one parameter (drizzle would spread a JS array into a list of parameters). */
const column = <T, V>(items: readonly T[], pick: (item: T) => V) => sql.param(items.map(pick));
const EPOCH = sql`timestamptz '1970-01-01 00:00:00+00'`;

/** All SQL of device metrics: the ingest's writes, the explorer's reads, retention. */
export function metricsRepository(db: Db) {
  return {
    /**
     * Stores the samples of many devices (at most one message each) in one statement: the readings of
     * devices in an organization become samples, the samples new to the table are added to their
     * hour's roll-up (a repeated message inserts nothing, so nothing is counted twice), and names not
     * written recently get their last_seen. Answers, by device, the organization of each device that
     * stored a new sample.
     */
    async storeSamples(samples: readonly MetricsSample[]): Promise<Map<string, string | null>> {
      const rows = samples.flatMap((sample) =>
        sample.readings.map((reading) => ({
          ...reading,
          deviceGuid: sample.deviceGuid,
          sampledAt: sample.sampledAt.toISOString(),
          newName: sample.newNames.has(reading.metricName),
        })),
      );
      if (rows.length === 0) return new Map();
      return deviceOrgs(
        db,
        sql`
        with input as (
          select * from unnest(
            ${column(rows, (r) => r.deviceGuid)}::uuid[],
            ${column(rows, (r) => r.namespace)}::text[],
            ${column(rows, (r) => r.metricName)}::text[],
            ${column(rows, (r) => r.sampledAt)}::timestamptz[],
            ${column(rows, (r) => r.value)}::float8[],
            ${column(rows, (r) => r.newName)}::boolean[]
          ) as i(device_guid, namespace, metric_name, sampled_at, value, new_name)
        ),
        adopted as (
          select i.*, d.org_guid from input i
            join ${devices} d on d.device_guid = i.device_guid
           where d.org_guid is not null
        ),
        inserted as (
          insert into ${deviceMetricSamples} (device_guid, namespace, metric_name, sampled_at, value)
          select device_guid, namespace, metric_name, sampled_at, value from adopted
          on conflict do nothing
          returning device_guid, namespace, metric_name, sampled_at, value
        ),
        rolled_up as (
          insert into ${deviceMetricHours} as h
            (device_guid, namespace, metric_name, hour, sample_count, sum, minimum, maximum)
          select device_guid, namespace, metric_name, date_bin(interval '1 hour', sampled_at, ${EPOCH}),
                 count(*), sum(value), min(value), max(value)
            from inserted
           group by 1, 2, 3, 4
          on conflict (device_guid, namespace, metric_name, hour) do update
            set sample_count = h.sample_count + excluded.sample_count,
                sum = h.sum + excluded.sum,
                minimum = least(h.minimum, excluded.minimum),
                maximum = greatest(h.maximum, excluded.maximum)
        ),
        named as (
          insert into ${deviceMetricNames} as n (device_guid, namespace, metric_name, last_seen)
          select device_guid, namespace, metric_name, max(sampled_at) from adopted where new_name
           group by 1, 2, 3
          on conflict (device_guid, namespace, metric_name) do update
            set last_seen = greatest(n.last_seen, excluded.last_seen)
        )
        select distinct a.device_guid, a.org_guid
          from adopted a
         where exists (select 1 from inserted s where s.device_guid = a.device_guid)`,
      );
    },

    /**
     * Each series' buckets (aligned to the epoch) with the statistic rounded to 2 decimals, in series
     * order and then by time. A bucket belongs to the query when it starts at or after `start`; samples
     * at or after `end` are left out. A period of whole hours reads the hourly roll-ups (the hour holding
     * `end` counts whole), and the samples of the hour in which the device joined its organization;
     * shorter periods read the samples.
     */
    async buckets(query: BucketQuery): Promise<BucketRow[]> {
      const s = query.series;
      const order = query.descending ? sql`desc` : sql`asc`;
      const hourly = query.source ? sql.raw(String(query.source === 'hours')) : sql`s.period % 3600 = 0`;
      const after = query.after
        ? query.descending
          ? sql`where b.series > ${query.after.series}::integer
                 or (b.series = ${query.after.series}::integer and b.bucket < ${query.after.bucket}::float8)`
          : sql`where (b.series, b.bucket) > (${query.after.series}::integer, ${query.after.bucket}::float8)`
        : sql``;
      const end = sql`${query.end.toISOString()}::timestamptz`;
      const result = (await db.execute(sql`
        with input as (
          -- Samples are stored in whole seconds: one from the second the device joined counts.
          select s.*, greatest(
                   date_trunc('second', coalesce(s.since, ${EPOCH})),
                   ${EPOCH} + ceil(extract(epoch from ${query.start.toISOString()}::timestamptz)::float8 / s.period)
                     * s.period * interval '1 second') as first_at,
                 ${hourly} as hourly
            from unnest(
              ${column(s, (r) => r.deviceGuid)}::uuid[],
              ${column(s, (r) => r.since?.toISOString() ?? null)}::timestamptz[],
              ${column(s, (r) => r.namespace)}::text[],
              ${column(s, (r) => r.metricName)}::text[],
              ${column(s, (r) => r.period)}::integer[],
              ${column(s, (r) => r.statistic)}::text[]
            ) with ordinality as s(device_guid, since, namespace, metric_name, period, statistic, idx)
        ),
        series as (
          -- An hourly series reads the samples of its first, partial hour and the roll-ups after it.
          select i.*,
                 case when i.hourly
                      then least(${end}, date_bin(interval '1 hour', i.first_at - interval '1 microsecond', ${EPOCH})
                                         + interval '1 hour')
                      else ${end} end as samples_until
            from input i
        ),
        parts as (
          -- Each series on its own (lateral): a range of the primary key, never a scan of the table.
          select s.idx, p.*
            from series s
            cross join lateral (
              select date_bin(s.period * interval '1 second', m.sampled_at, ${EPOCH}) as bucket,
                     count(*)::float8 as n, sum(m.value) as total, min(m.value) as low, max(m.value) as high
                from ${deviceMetricSamples} m
               where m.device_guid = s.device_guid and m.namespace = s.namespace
                 and m.metric_name = s.metric_name
                 and m.sampled_at >= s.first_at and m.sampled_at < s.samples_until
               group by 1
              union all
              select date_bin(s.period * interval '1 second', h.hour, ${EPOCH}),
                     sum(h.sample_count)::float8, sum(h.sum), min(h.minimum), max(h.maximum)
                from ${deviceMetricHours} h
               where s.hourly and h.device_guid = s.device_guid and h.namespace = s.namespace
                 and h.metric_name = s.metric_name
                 and h.hour >= s.first_at and h.hour < ${end}
               group by 1
            ) p
        ),
        buckets as (
          select p.idx - 1 as series, extract(epoch from p.bucket)::float8 as bucket,
                 sum(p.n) as n, sum(p.total) as total, min(p.low) as low, max(p.high) as high
            from parts p
           group by 1, 2
        )
        select b.series::integer as series, b.bucket,
               round((case s.statistic
                 when 'Minimum' then b.low
                 when 'Maximum' then b.high
                 when 'Sum' then b.total
                 when 'SampleCount' then b.n
                 else b.total / b.n end)::numeric, 2)::float8 as value
          from buckets b join series s on s.idx - 1 = b.series
          ${after}
         order by b.series, b.bucket ${order}
         limit ${query.limit}`)) as unknown as { rows: BucketRow[] };
      return result.rows;
    },

    /**
     * The metrics an organization's devices reported since `since` (each device only since it joined),
     * limited to a device user's granted devices when `grantedTo` is given.
     */
    async reportedNames(scope: { orgGuid: string; grantedTo?: string }, since: Date) {
      const granted = scope.grantedTo ? sql`and ${grantedToUser(db, devices, scope.grantedTo)}` : sql``;
      const result = (await db.execute(sql`
        select distinct n.namespace, n.metric_name
          from ${deviceMetricNames} n
          join ${devices} on ${devices.deviceGuid} = n.device_guid
         where ${devices.orgGuid} = ${scope.orgGuid}
           and n.last_seen >= ${since.toISOString()}::timestamptz
           and n.last_seen >= date_trunc('second', coalesce(${devices.adoptedAt}, ${EPOCH}))
           ${granted}`)) as unknown as { rows: { namespace: string; metric_name: string }[] };
      return result.rows;
    },

    /** Retention: deletes samples and roll-ups older than their cut-offs; answers how many rows went. */
    async deleteOlderThan(cutoff: { samples: Date; hours: Date }) {
      const samples = await db.execute(
        sql`delete from ${deviceMetricSamples} where sampled_at < ${cutoff.samples.toISOString()}::timestamptz`,
      );
      const hours = await db.execute(
        sql`delete from ${deviceMetricHours} where hour < ${cutoff.hours.toISOString()}::timestamptz`,
      );
      const names = await db.execute(
        sql`delete from ${deviceMetricNames} where last_seen < ${cutoff.hours.toISOString()}::timestamptz`,
      );
      const count = (result: unknown) => (result as { rowCount?: number | null }).rowCount ?? 0;
      return { samples: count(samples), hours: count(hours), names: count(names) };
    },
  };
}
