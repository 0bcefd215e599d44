import pg from 'pg';
import type { startBenchConsole } from './bench-console.ts';

type Call = Awaited<ReturnType<typeof startBenchConsole>>['call'];

/**
 * Every metrics message a simulated device sends carries this reading (metrics.ts in the simulator), and
 * the console stores one sample of it per message: its samples count the messages stored.
 */
const COUNTED_METRIC = { namespace: 'system', metric_name: 'cpu_percent_used' } as const;

/** Messages stored, by device, and the hourly roll-ups' count of them (null when not read). */
export interface StoredMetrics {
  byDevice: Map<string, number>;
  rolledUp: number | null;
}

/**
 * What the bench's PostgreSQL database stored: the counted metric's samples by device, and the sum of
 * the sample counts of its hourly roll-ups (the console adds each new sample to its hour as it stores it).
 */
export async function storedMetricsInDatabase(databaseUrl: string): Promise<StoredMetrics> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const samples = await client.query<{ device_guid: string; count: string }>(
      `select device_guid, count(*) from device_metric_samples
        where namespace = $1 and metric_name = $2 group by device_guid`,
      [COUNTED_METRIC.namespace, COUNTED_METRIC.metric_name],
    );
    const hours = await client.query<{ total: string | null }>(
      `select sum(sample_count) as total from device_metric_hours where namespace = $1 and metric_name = $2`,
      [COUNTED_METRIC.namespace, COUNTED_METRIC.metric_name],
    );
    return {
      byDevice: new Map(samples.rows.map((row) => [row.device_guid, Number(row.count)])),
      rolledUp: Number(hours.rows[0]?.total ?? 0),
    };
  } finally {
    await client.end();
  }
}

/**
 * What the console answers through its API (the embedded database cannot be opened beside it): the
 * counted metric's samples by device since `start`, in one-minute buckets (shorter than an hour, so
 * read from the samples, not the roll-ups), 100 devices a query.
 */
export async function storedMetricsThroughApi(
  call: Call,
  orgGuid: string,
  deviceGuids: readonly string[],
  start: Date,
): Promise<StoredMetrics> {
  const byDevice = new Map<string, number>();
  const startTime = new Date(Math.floor(start.getTime() / 60_000) * 60_000).toISOString();
  const endTime = new Date(Date.now() + 120_000).toISOString();
  for (let i = 0; i < deviceGuids.length; i += 100) {
    let token: string | null = null;
    do {
      const page: {
        metrics: { device_guid: string; values: number[] }[];
        pagination_token: string | null;
      } = await call(
        'POST',
        '/devices/metrics',
        {
          device_guids: deviceGuids.slice(i, i + 100),
          metrics: [{ ...COUNTED_METRIC, period: 60, statistic: 'SampleCount' }],
          start_time: startTime,
          end_time: endTime,
          ...(token ? { pagination_token: token } : {}),
        },
        orgGuid,
      );
      for (const series of page.metrics) {
        const count = series.values.reduce((sum, value) => sum + value, 0);
        byDevice.set(series.device_guid, (byDevice.get(series.device_guid) ?? 0) + count);
      }
      token = page.pagination_token;
    } while (token);
  }
  return { byDevice, rolledUp: null };
}

/**
 * Messages sent against messages stored, device by device: a device that stored more than it sent does
 * not hide another that lost some.
 */
export function compareMetrics(sent: ReadonlyMap<string, number>, stored: StoredMetrics) {
  let totalSent = 0;
  let totalStored = 0;
  let lost = 0;
  let extra = 0;
  let devicesShort = 0;
  for (const [guid, count] of sent) {
    const kept = stored.byDevice.get(guid) ?? 0;
    totalSent += count;
    totalStored += kept;
    if (kept < count) {
      lost += count - kept;
      devicesShort += 1;
    } else extra += kept - count;
  }
  for (const [guid, kept] of stored.byDevice) if (!sent.has(guid)) extra += kept;
  const rolledUpAgrees = stored.rolledUp === null || stored.rolledUp === totalStored;
  return { totalSent, totalStored, lost, extra, devicesShort, rolledUp: stored.rolledUp, rolledUpAgrees };
}

/** Least-squares slope of `y` over `x`; 0 with fewer than two points. */
export function slope(points: readonly { x: number; y: number }[]) {
  if (points.length < 2) return 0;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const p of points) {
    covariance += (p.x - meanX) * (p.y - meanY);
    variance += (p.x - meanX) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
}
