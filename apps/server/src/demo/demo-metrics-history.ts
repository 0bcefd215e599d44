import type { ProvisionedDevice } from '@ec/contract/devices';
import { describeMetric, SYSTEM_METRICS } from '@ec/contract/metrics';
import { initialShadows } from '@ec/simulator/initial-shadows';
import { bitrates } from '@ec/simulator/metrics';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/** The demo's charts have a past: the last day of one-minute readings, as the simulators would have sent. */
const HISTORY_HOURS = 24;

/** Where each reading wanders around, and how far: a slow daily swing plus a little noise. */
interface Shape {
  namespace: string;
  metricName: string;
  base: number;
  swing: number;
  noise: number;
}

const SYSTEM_SHAPES: Record<string, { base: number; swing: number }> = {
  cpu_percent_used: { base: 40, swing: 15 },
  memory_system_percent_used: { base: 50, swing: 10 },
  filesystem_userdata_percent_used: { base: 35, swing: 2 },
  thermal_system_temp_current: { base: 60, swing: 6 },
};

/**
 * A device's readings: the system ones, and the bitrate of each input, encoder and output as its
 * factory configuration runs them (what the simulator reports; 0 stays 0), moving by a few percent.
 */
function shapesOf(device: ProvisionedDevice): Shape[] {
  const system = SYSTEM_METRICS.flatMap((metric) => {
    const shape = SYSTEM_SHAPES[metric.metric_name];
    return shape ? [{ namespace: metric.namespace, metricName: metric.metric_name, ...shape, noise: 3 }] : [];
  });
  const rates = Object.entries(bitrates(initialShadows(device, '192.0.2.10'), () => 1)).flatMap(
    ([metricName, rate]) => {
      const metric = describeMetric(metricName);
      return metric
        ? [{ namespace: metric.namespace, metricName, base: rate, swing: rate * 0.03, noise: rate * 0.02 }]
        : [];
    },
  );
  return [...system, ...rates];
}

/**
 * Writes a day of readings for the given devices, with their hourly roll-ups computed from
 * those very samples, so the explorer and the chart tiles show a day's curve from the first start.
 * An organization sees a device's metrics only from its adoption on, so the demo's devices are
 * dated as adopted when their history starts.
 */
export async function seedDemoMetricsHistory(
  db: Db,
  devices: readonly ProvisionedDevice[],
  now = new Date(),
) {
  const deviceGuids = devices.map((device) => device.device_guid);
  // One array parameter (drizzle would spread a JS array into a list of parameters).
  const guidList = `{${deviceGuids.join(',')}}`;
  const end = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const start = new Date(end.getTime() - HISTORY_HOURS * 60 * 60_000);
  await db.execute(sql`
    update devices set adopted_at = ${start.toISOString()}::timestamptz
    where device_guid = any(${guidList}::uuid[]) and adopted_at > ${start.toISOString()}::timestamptz`);
  for (const device of devices) {
    const deviceGuid = device.device_guid;
    for (const { namespace, metricName, base, swing, noise } of shapesOf(device)) {
      await db.execute(sql`
        insert into device_metric_samples (device_guid, namespace, metric_name, sampled_at, value)
        select ${deviceGuid}::uuid, ${namespace}, ${metricName}, minute,
               greatest(0, round((${base} + ${swing} * sin(extract(epoch from minute) / 13751.0 + ${deviceGuid.charCodeAt(0)})
                      + (random() - 0.5) * ${noise})::numeric, 2))::double precision
        from generate_series(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz,
                             interval '1 minute') as minute
        on conflict do nothing`);
    }
  }
  await db.execute(sql`
    insert into device_metric_hours (device_guid, namespace, metric_name, hour, sample_count, sum, minimum, maximum)
    select device_guid, namespace, metric_name, date_trunc('hour', sampled_at, 'UTC'), count(*), sum(value), min(value), max(value)
    from device_metric_samples
    where device_guid = any(${guidList}::uuid[]) and sampled_at >= ${start.toISOString()}::timestamptz
    group by 1, 2, 3, 4
    on conflict do nothing`);
  await db.execute(sql`
    insert into device_metric_names (device_guid, namespace, metric_name, last_seen)
    select distinct device_guid, namespace, metric_name, ${end.toISOString()}::timestamptz
    from device_metric_samples
    where device_guid = any(${guidList}::uuid[])
    on conflict do nothing`);
}
