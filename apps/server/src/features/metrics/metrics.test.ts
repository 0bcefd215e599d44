import { bitrateMetricName, METRIC_STATISTICS, type MetricStatistic } from '@ec/contract/metrics';
import { PERIOD_OPTIONS } from '@ec/contract/periods';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrgWithOwner,
  createTestAppWithOrg,
  provision,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { deviceMetricHours, deviceMetricNames, deviceMetricSamples } from '../../db/tables/metrics.schema.ts';
import type { DeviceDomainEvent } from '../../shared/device-event-bus.ts';
import { metricsRepository } from './metrics.repository.ts';
import { createMetricsService, type MetricsService } from './metrics.service.ts';
import { pruneMetrics } from './metrics-retention.ts';

const DAY_S = 86_400;
const CPU = 'cpu_percent_used';
const ENCODER = bitrateMetricName('encoder', 1);

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
let service: MetricsService;
let deviceGuid: string;
const emitted: Extract<DeviceDomainEvent, { type: 'device.metrics' }>[] = [];
/** Three whole days, starting on a day boundary three days before today's. */
const base = (Math.floor(Date.now() / 1000 / DAY_S) - 3) * DAY_S;
const end = base + 3 * DAY_S;

/** A known sample every 20 minutes and 30 seconds in: integer values, so averages are exact fractions. */
const samples = Array.from({ length: (3 * DAY_S) / 1200 }, (_, i) => ({
  at: base + i * 1200 + 30,
  cpu: (i * 37) % 100,
  encoder: 9000 + ((i * 53) % 1000),
}));

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** What a bucketed statistic must be, computed here from the samples themselves. */
function expected(
  values: { at: number; value: number }[],
  options: { period: number; statistic: MetricStatistic; start: number; end: number; since?: number },
) {
  const first = Math.max(Math.ceil(options.start / options.period) * options.period, options.since ?? 0);
  const buckets = new Map<number, number[]>();
  for (const { at, value } of values) {
    if (at < first || at >= options.end) continue;
    const bucket = Math.floor(at / options.period) * options.period;
    buckets.set(bucket, [...(buckets.get(bucket) ?? []), value]);
  }
  const statistic = (list: number[]) => {
    const sum = list.reduce((a, b) => a + b, 0);
    if (options.statistic === 'Minimum') return Math.min(...list);
    if (options.statistic === 'Maximum') return Math.max(...list);
    if (options.statistic === 'Sum') return sum;
    if (options.statistic === 'SampleCount') return list.length;
    return sum / list.length;
  };
  const ordered = [...buckets.keys()].sort((a, b) => a - b);
  return {
    timestamps: ordered.map(iso),
    values: ordered.map((bucket) => Math.round(statistic(buckets.get(bucket)!) * 100) / 100),
  };
}

const cpuValues = samples.map((sample) => ({ at: sample.at, value: sample.cpu }));

function query(user: TestUser, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/devices/metrics',
    headers: user.headers(orgGuid),
    payload: body,
  });
}

async function recordAll(guid: string) {
  for (const sample of samples)
    await service.record(guid, {
      timestamp: iso(sample.at),
      metrics: { [CPU]: sample.cpu, [ENCODER]: sample.encoder },
    });
}

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
  service = createMetricsService({ db: t.db, bus: t.bus, rawDays: 14 });
  t.bus.on('device.metrics', (event) => emitted.push(event));
  deviceGuid = (await provisionInto(t, orgGuid))[0]!.device_guid;
  // Adopted before the samples: all of them are the organization's.
  await t.db
    .update(devices)
    .set({ adoptedAt: new Date((base - DAY_S) * 1000), deviceName: 'Studio A' })
    .where(eq(devices.deviceGuid, deviceGuid));
  await recordAll(deviceGuid);
}, 60_000);
afterAll(() => t.close());

describe('storing metrics', () => {
  it('keeps each known reading once, rolls each hour up and emits the readings on the bus', async () => {
    const stored = await t.db
      .select()
      .from(deviceMetricSamples)
      .where(eq(deviceMetricSamples.deviceGuid, deviceGuid));
    expect(stored).toHaveLength(samples.length * 2);
    const [hour] = await t.db
      .select()
      .from(deviceMetricHours)
      .where(
        sql`${deviceMetricHours.deviceGuid} = ${deviceGuid} and ${deviceMetricHours.metricName} = ${CPU} and ${deviceMetricHours.hour} = ${iso(base)}::timestamptz`,
      );
    expect(hour).toMatchObject({ sampleCount: 3, sum: 0 + 37 + 74, minimum: 0, maximum: 74 });
    const last = emitted.filter((event) => event.deviceGuid === deviceGuid).at(-1);
    expect(last).toMatchObject({ orgGuid, sampledAt: new Date(samples.at(-1)!.at * 1000) });
    expect(last?.readings).toEqual(
      expect.arrayContaining([
        { namespace: 'system', metricName: CPU, value: samples.at(-1)!.cpu },
        { namespace: 'encoders', metricName: ENCODER, value: samples.at(-1)!.encoder },
      ]),
    );
  });

  it('counts a repeated message once and says nothing new on the bus', async () => {
    const before = emitted.length;
    const again = samples[5]!;
    await service.record(deviceGuid, { timestamp: iso(again.at), metrics: { [CPU]: 99 } });
    await Promise.all(
      [1, 2].map(() => service.record(deviceGuid, { timestamp: iso(again.at), metrics: { [CPU]: 99 } })),
    );
    const [hour] = await t.db
      .select({ sampleCount: deviceMetricHours.sampleCount, sum: deviceMetricHours.sum })
      .from(deviceMetricHours)
      .where(
        sql`${deviceMetricHours.deviceGuid} = ${deviceGuid} and ${deviceMetricHours.metricName} = ${CPU} and ${deviceMetricHours.hour} = ${iso(Math.floor(again.at / 3600) * 3600)}::timestamptz`,
      );
    expect(hour?.sampleCount).toBe(3);
    expect(emitted.length).toBe(before);
  });

  it('drops unknown names, devices without an organization and readings outside the raw retention', async () => {
    const [unadopted] = await provision(t);
    await service.record(unadopted!.device_guid, {
      timestamp: new Date().toISOString(),
      metrics: { [CPU]: 5 },
    });
    await service.record(deviceGuid, { timestamp: new Date().toISOString(), metrics: { not_a_metric: 5 } });
    await service.record(deviceGuid, { timestamp: iso(base - 20 * DAY_S), metrics: { [CPU]: 5 } });
    const names = await t.db.select().from(deviceMetricNames);
    expect(names.map((row) => row.metricName)).not.toContain('not_a_metric');
    expect(names.some((row) => row.deviceGuid === unadopted!.device_guid)).toBe(false);
    const old = await t.db
      .select()
      .from(deviceMetricSamples)
      .where(sql`${deviceMetricSamples.sampledAt} < ${iso(base)}::timestamptz`);
    expect(old).toHaveLength(0);
  });
});

describe('POST /devices/metrics', () => {
  const periods = [...new Set(PERIOD_OPTIONS.map((option) => option.period))];

  it.each(periods)(
    'buckets of %i s give every statistic from the samples, and from the hourly roll-ups for whole hours',
    async (period) => {
      const repository = metricsRepository(t.db);
      const sources = period % 3600 === 0 ? (['samples', 'hours'] as const) : (['samples'] as const);
      for (const source of sources) {
        for (const statistic of METRIC_STATISTICS) {
          const rows = await repository.buckets({
            series: [{ deviceGuid, since: null, namespace: 'system', metricName: CPU, period, statistic }],
            start: new Date(base * 1000),
            end: new Date(end * 1000),
            descending: false,
            limit: 10_000,
            source,
          });
          const want = expected(cpuValues, { period, statistic, start: base, end });
          expect({
            source,
            statistic,
            timestamps: rows.map((row) => iso(row.bucket)),
            values: rows.map((row) => row.value),
          }).toEqual({
            source,
            statistic,
            ...want,
          });
        }
      }
    },
  );

  it('answers each series with its label and unit, in the order asked, through the API', async () => {
    const response = await query(owner, {
      device_guids: [deviceGuid],
      metrics: [
        { namespace: 'system', metric_name: CPU, period: 86_400, statistic: 'Maximum' },
        { namespace: 'encoders', metric_name: ENCODER, period: 1800 },
      ],
      start_time: iso(base),
      end_time: iso(end),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [cpu, encoder] = response.json().metrics;
    expect(cpu).toMatchObject({
      label: 'Studio A - CPU Utilization',
      unit: 'percent',
      period: 86_400,
      statistic: 'Maximum',
    });
    expect(cpu).toMatchObject(
      expected(cpuValues, { period: 86_400, statistic: 'Maximum', start: base, end }),
    );
    expect(encoder).toMatchObject({
      label: 'Studio A - Encoder 1 Bitrate',
      unit: 'kbps',
      statistic: 'Average',
    });
    expect(encoder).toMatchObject(
      expected(
        samples.map((s) => ({ at: s.at, value: s.encoder })),
        { period: 1800, statistic: 'Average', start: base, end },
      ),
    );
    expect(response.json().pagination_token).toBeNull();
  });

  it('pages datapoints across series, in either order', async () => {
    for (const scan_by of ['TimestampAscending', 'TimestampDescending']) {
      const body = {
        device_guids: [deviceGuid],
        metrics: [
          { namespace: 'system', metric_name: CPU, period: 21_600 },
          { namespace: 'encoders', metric_name: ENCODER, period: 21_600, statistic: 'Minimum' },
        ],
        start_time: iso(base),
        end_time: iso(end),
        scan_by,
      };
      const whole = (await query(owner, body)).json();
      const points: [string, string, number][] = [];
      let token: string | null | undefined;
      let pages = 0;
      do {
        const page = (
          await query(owner, { ...body, pagination_size: 5, pagination_token: token ?? undefined })
        ).json();
        for (const series of page.metrics)
          for (const [i, at] of (series.timestamps as string[]).entries())
            points.push([series.metric_name, at, series.values[i]]);
        token = page.pagination_token;
        pages += 1;
      } while (token);
      const all = whole.metrics.flatMap(
        (series: { metric_name: string; timestamps: string[]; values: number[] }) =>
          series.timestamps.map((at, i) => [series.metric_name, at, series.values[i]]),
      );
      expect(all).toHaveLength(24);
      expect(points).toEqual(all);
      expect(pages).toBe(5);
      const cpuTimes = whole.metrics[0].timestamps as string[];
      expect(cpuTimes).toEqual(
        [...cpuTimes].sort((a, b) =>
          scan_by === 'TimestampAscending' ? a.localeCompare(b) : b.localeCompare(a),
        ),
      );
    }
  });

  it('shows a device only from when it joined the organization, on both sources', async () => {
    const [moved] = await provisionInto(t, orgGuid);
    const guid = moved!.device_guid;
    await t.db
      .update(devices)
      .set({ adoptedAt: new Date((base - DAY_S) * 1000) })
      .where(eq(devices.deviceGuid, guid));
    await recordAll(guid);
    // It joined again in the middle of an hour on the second day: what came before is another owner's.
    const since = base + DAY_S + 3 * 3600 + 1500;
    await t.db
      .update(devices)
      .set({ adoptedAt: new Date(since * 1000) })
      .where(eq(devices.deviceGuid, guid));
    for (const period of [300, 3600, 86_400]) {
      const response = await query(owner, {
        device_guids: [guid],
        metrics: [{ namespace: 'system', metric_name: CPU, period, statistic: 'SampleCount' }],
        start_time: iso(base),
        end_time: iso(end),
      });
      expect(response.json().metrics[0]).toMatchObject(
        expected(cpuValues, { period, statistic: 'SampleCount', start: base, end, since }),
      );
    }
  });

  it('counts the first sample of a device adopted in the same second (samples are stored in whole seconds)', async () => {
    const [adopted] = await provisionInto(t, orgGuid);
    const guid = adopted!.device_guid;
    const adoptedAt = Date.now() - 10_000 - (Date.now() % 1000) + 500;
    await t.db
      .update(devices)
      .set({ adoptedAt: new Date(adoptedAt) })
      .where(eq(devices.deviceGuid, guid));
    await service.record(guid, {
      timestamp: new Date(adoptedAt + 300).toISOString(),
      metrics: { [CPU]: 12 },
    });
    const response = await query(owner, {
      device_guids: [guid],
      metrics: [{ namespace: 'system', metric_name: CPU, period: 60, statistic: 'SampleCount' }],
      start_time: new Date(adoptedAt - 3_600_000).toISOString(),
      end_time: new Date().toISOString(),
    });
    expect(response.json().metrics[0].values).toEqual([1]);
  });

  it('refuses an incomplete query with the contract messages', async () => {
    const valid = {
      device_guids: [deviceGuid],
      metrics: [{ namespace: 'system', metric_name: CPU, period: 60 }],
      start_time: iso(base),
      end_time: iso(end),
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, device_guids: [] }, 'No devices specified for query'],
      [{ ...valid, metrics: [] }, 'No devices specified for query'],
      [
        { ...valid, metrics: [{ namespace: 'system', metric_name: CPU, period: 90 }] },
        'whole number of minutes',
      ],
      [{ ...valid, start_time: iso(end), end_time: iso(base) }, 'start_time must be before end_time'],
      [
        { ...valid, metrics: [{ namespace: 'inputs', metric_name: CPU, period: 60 }] },
        'Unknown metric cpu_percent_used in namespace inputs',
      ],
      [{ ...valid, pagination_token: 'not-a-token' }, 'pagination_token is not valid'],
    ];
    for (const [body, message] of cases) {
      const response = await query(owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it("answers 404 for another organization's device, as for an unknown one", async () => {
    const other = await createOrgWithOwner(t, { devices: 1 });
    const response = await query(other.owner, {
      device_guids: [other.devices[0]!.device_guid, deviceGuid],
      metrics: [{ namespace: 'system', metric_name: CPU, period: 60 }],
      start_time: iso(base),
      end_time: iso(end),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error_code).toBe('DEVICE_NOT_FOUND');
  });
});

describe('GET /devices/metrics', () => {
  it("lists what the organization's devices reported, labelled from the catalogue, and nothing of other organizations", async () => {
    await service.record(deviceGuid, {
      timestamp: new Date().toISOString(),
      metrics: { [CPU]: 1, [bitrateMetricName('output', 2)]: 5 },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/devices/metrics',
      headers: owner.headers(orgGuid),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().namespaces).toEqual([
      {
        namespace: 'system',
        label: 'System',
        metrics: [{ metric_name: CPU, label: 'CPU Utilization', unit: 'percent' }],
      },
      {
        namespace: 'encoders',
        label: 'Encoders',
        metrics: [{ metric_name: ENCODER, label: 'Encoder 1 Bitrate', unit: 'kbps' }],
      },
      {
        namespace: 'outputs',
        label: 'Outputs',
        metrics: [{ metric_name: 'output_2_bitrate_kbps', label: 'Output 2 Bitrate', unit: 'kbps' }],
      },
    ]);
    const other = await createOrgWithOwner(t, { devices: 1 });
    const empty = await t.app.inject({
      method: 'GET',
      url: '/v1/devices/metrics',
      headers: other.owner.headers(other.orgGuid),
    });
    expect(empty.json().namespaces).toEqual([]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/v1/devices/metrics',
      headers: other.owner.headers(orgGuid),
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('retention', () => {
  it('deletes samples past METRICS_RAW_DAYS and roll-ups past METRICS_HOURLY_DAYS', async () => {
    const now = new Date((base + 2 * DAY_S) * 1000);
    await pruneMetrics(t.db, { rawDays: 1, hourlyDays: 2 }, now);
    const [oldest] = await t.db
      .select({ at: sql<string>`min(${deviceMetricSamples.sampledAt})` })
      .from(deviceMetricSamples);
    expect(new Date(oldest!.at).getTime()).toBeGreaterThanOrEqual((base + DAY_S) * 1000);
    const [oldestHour] = await t.db
      .select({ at: sql<string>`min(${deviceMetricHours.hour})` })
      .from(deviceMetricHours);
    expect(new Date(oldestHour!.at).getTime()).toBe(base * 1000);
    await pruneMetrics(t.db, { rawDays: 1, hourlyDays: 1 }, now);
    const [oldestAfter] = await t.db
      .select({ at: sql<string>`min(${deviceMetricHours.hour})` })
      .from(deviceMetricHours);
    expect(new Date(oldestAfter!.at).getTime()).toBe((base + DAY_S) * 1000);
  });
});
