import {
  describeMetric,
  type MetricDescriptor,
  type MetricQueryResponse,
  type MetricSeries,
  type metricQuerySchema,
} from '@ec/contract/metrics';
import { z } from 'zod';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, encodePageToken } from '../../http/pagination.ts';
import type { metricsRepository } from './metrics.repository.ts';

/** A device the caller may view, as a query needs it. */
export interface QueriedDevice {
  deviceGuid: string;
  deviceName: string;
  serialNumber: string;
  /** When it joined its organization: its data is shown from then on. */
  adoptedAt: Date | null;
}

/** A page token carries the position of the last datapoint given: the series and its bucket. */
const bucketPageKey = z.tuple([z.number().int().min(0), z.number().int()]);

/** The metric a selection names, checked against the catalogue (400 for a name it does not know). */
function describeSelection(selection: { namespace: string; metric_name: string }): MetricDescriptor {
  const known = describeMetric(selection.metric_name);
  if (!known || known.namespace !== selection.namespace)
    throw ApiError.badRequest(
      `Unknown metric ${selection.metric_name} in namespace ${selection.namespace}`,
      'UNKNOWN_METRIC',
    );
  return known;
}

/**
 * Answers a metric query (spec 2 §3 "Metric query"): one series per device and metric, in the order
 * asked, each with the buckets that have samples. A page holds `pagination_size` datapoints across the
 * series; its token continues after the last one.
 */
export async function queryMetrics(
  repository: ReturnType<typeof metricsRepository>,
  devices: readonly QueriedDevice[],
  query: z.output<typeof metricQuerySchema>,
): Promise<MetricQueryResponse> {
  const metrics = query.metrics.map((selection) => ({ ...selection, ...describeSelection(selection) }));
  const series = devices.flatMap((device) => metrics.map((metric) => ({ device, metric })));
  const [afterSeries, afterBucket] = decodePageToken(query.pagination_token, bucketPageKey) ?? [];
  const rows = await repository.buckets({
    series: series.map(({ device, metric }) => ({
      deviceGuid: device.deviceGuid,
      since: device.adoptedAt,
      namespace: metric.namespace,
      metricName: metric.metric_name,
      period: metric.period,
      statistic: metric.statistic,
    })),
    start: new Date(query.start_time),
    end: new Date(query.end_time),
    descending: query.scan_by === 'TimestampDescending',
    after:
      afterSeries === undefined || afterBucket === undefined
        ? undefined
        : { series: afterSeries, bucket: afterBucket },
    limit: query.pagination_size + 1,
  });
  const page = rows.slice(0, query.pagination_size);
  const answered = new Map<number, MetricSeries>();
  for (const row of page) {
    let out = answered.get(row.series);
    if (!out) {
      const { device, metric } = series[row.series]!;
      out = {
        device_guid: device.deviceGuid,
        namespace: metric.namespace,
        metric_name: metric.metric_name,
        period: metric.period,
        statistic: metric.statistic,
        label: `${device.deviceName || device.serialNumber} - ${metric.label}`,
        unit: metric.unit,
        timestamps: [],
        values: [],
      };
      answered.set(row.series, out);
    }
    out.timestamps.push(new Date(row.bucket * 1000).toISOString());
    out.values.push(row.value);
  }
  const last = page.at(-1);
  return {
    metrics: [...answered.values()],
    pagination_token: rows.length > page.length && last ? encodePageToken([last.series, last.bucket]) : null,
  };
}
