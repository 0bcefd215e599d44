import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOrgWithOwner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoMetricsHistory } from './demo-metrics-history.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

it('writes a day of one-minute system readings and bitrates, their hourly roll-ups adding up, dated from the adoption', async () => {
  const { devices } = await createOrgWithOwner(t, { devices: 2 });
  const guids = devices.map((device) => device.device_guid);
  const now = new Date('2026-11-24T12:00:30Z');
  await seedDemoMetricsHistory(t.db, devices, now);

  const samples = await rowsOf<{ metric_name: string; count: number; low: number; high: number }>(sql`
    select metric_name, count(*)::int as count, min(value) as low, max(value) as high
    from device_metric_samples where device_guid = ${guids[0]}::uuid group by metric_name order by metric_name`);
  const system = samples.filter((row) => !row.metric_name.endsWith('_bitrate_kbps'));
  expect(system.map((row) => [row.metric_name, row.count])).toEqual([
    ['cpu_percent_used', 1441],
    ['filesystem_userdata_percent_used', 1441],
    ['memory_system_percent_used', 1441],
    ['thermal_system_temp_current', 1441],
  ]);
  for (const row of system) {
    expect(row.low).toBeGreaterThan(0);
    expect(row.high).toBeLessThan(100);
  }
  // The bitrates of what the factory configuration runs: each output streaming carries its encoders'.
  const bitrates = samples.filter((row) => row.metric_name.endsWith('_bitrate_kbps'));
  expect(bitrates.some((row) => /^output_\d+_bitrate_kbps$/.test(row.metric_name) && row.low > 0)).toBe(true);
  for (const row of bitrates) {
    expect(row.count).toBe(1441);
    expect(row.low).toBeGreaterThanOrEqual(0);
  }
  const metricCount = (
    await rowsOf<{ count: number }>(sql`
      select count(distinct (device_guid, metric_name))::int as count from device_metric_samples
      where device_guid = any(${`{${guids.join(',')}}`}::uuid[])`)
  )[0]!.count;

  const rollups = await rowsOf<{ samples: number; hours: number; exact: boolean }>(sql`
    select sum(h.sample_count)::int as samples, count(*)::int as hours,
           bool_and(abs(h.sum - s.sum) < 1e-6 and h.minimum = s.minimum and h.maximum = s.maximum) as exact
    from device_metric_hours h
    join (select device_guid, metric_name, date_trunc('hour', sampled_at, 'UTC') as hour,
                 sum(value) as sum, min(value) as minimum, max(value) as maximum
          from device_metric_samples group by 1, 2, 3) s
      on s.device_guid = h.device_guid and s.metric_name = h.metric_name and s.hour = h.hour
    where h.device_guid = any(${`{${guids.join(',')}}`}::uuid[])`);
  expect(rollups[0]).toEqual({ samples: metricCount * 1441, hours: metricCount * 25, exact: true });

  const adopted = await rowsOf<{ adopted_at: Date }>(
    sql`select adopted_at from devices where device_guid = ${guids[0]}::uuid`,
  );
  expect(new Date(adopted[0]!.adopted_at).toISOString()).toBe('2026-11-23T12:00:00.000Z');

  const names = await rowsOf<{ count: number }>(
    sql`select count(*)::int as count from device_metric_names where device_guid = any(${`{${guids.join(',')}}`}::uuid[])`,
  );
  expect(names[0]?.count).toBe(metricCount);
});
