import { z } from 'zod';
import { guidSchema, inputText, paginationTokenSchema, TEXT_LIMITS } from './common.ts';
import { defineOperation } from './operations.ts';

/**
 * Device metrics (spec 2 §2.11, §3 "Metric query", §4.13, §7, §9): what an encoder measures, stored by
 * the server under a namespace and a name, queried in buckets with a statistic.
 *
 * A device publishes `{timestamp, metrics: {name: value}}` on its `metrics` topic (device-protocol.md);
 * the name alone says the namespace: the system's readings by their fixed names, and one bitrate per
 * input, encoder and output as `{kind}_{id}_bitrate_kbps`.
 */

export const METRIC_NAMESPACES = ['system', 'inputs', 'encoders', 'outputs'] as const;
export type MetricNamespace = (typeof METRIC_NAMESPACES)[number];

export const METRIC_NAMESPACE_LABELS: Record<MetricNamespace, string> = {
  system: 'System',
  inputs: 'Inputs',
  encoders: 'Encoders',
  outputs: 'Outputs',
};

/** How a value reads: percent charts scale 0 to 100, bytes use 1024 units, the rest two decimals (§4.13). */
export const METRIC_UNITS = ['percent', 'celsius', 'bytes', 'kbps'] as const;
export type MetricUnit = (typeof METRIC_UNITS)[number];

/** A chart tile turns orange above warning and red above critical (spec 2 §9 "Chart thresholds"). */
export interface MetricThresholds {
  warning: number;
  critical: number;
}

export interface MetricDescriptor {
  namespace: MetricNamespace;
  metric_name: string;
  label: string;
  unit: MetricUnit;
  thresholds?: MetricThresholds;
}

const PERCENT_THRESHOLDS: MetricThresholds = { warning: 70, critical: 90 };

/** The system's readings, in the order the explorer and the info tab list them. */
export const SYSTEM_METRICS: readonly MetricDescriptor[] = [
  {
    namespace: 'system',
    metric_name: 'cpu_percent_used',
    label: 'CPU Utilization',
    unit: 'percent',
    thresholds: PERCENT_THRESHOLDS,
  },
  {
    namespace: 'system',
    metric_name: 'memory_system_percent_used',
    label: 'Memory Utilization',
    unit: 'percent',
    thresholds: PERCENT_THRESHOLDS,
  },
  {
    namespace: 'system',
    metric_name: 'filesystem_userdata_percent_used',
    label: 'Filesystem Utilization',
    unit: 'percent',
    thresholds: PERCENT_THRESHOLDS,
  },
  {
    namespace: 'system',
    metric_name: 'thermal_system_temp_current',
    label: 'System Temperature',
    unit: 'celsius',
    thresholds: { warning: 80, critical: 90 },
  },
  { namespace: 'system', metric_name: 'network_bytes_sent', label: 'Network Bytes Sent', unit: 'bytes' },
  {
    namespace: 'system',
    metric_name: 'network_bytes_received',
    label: 'Network Bytes Received',
    unit: 'bytes',
  },
];

const ENTITY_KINDS = { input: 'inputs', encoder: 'encoders', output: 'outputs' } as const;
const ENTITY_LABELS = { input: 'Input', encoder: 'Encoder', output: 'Output' } as const;
const ENTITY_METRIC = /^(input|encoder|output)_([A-Za-z0-9-]{1,40})_bitrate_kbps$/;

/** The name of an input's, encoder's or output's bitrate (kilobits per second). */
export const bitrateMetricName = (kind: keyof typeof ENTITY_KINDS, id: string | number) =>
  `${kind}_${id}_bitrate_kbps`;

/** What a metric name stands for, or null for a name the product does not know (a device's is dropped). */
export function describeMetric(metricName: string): MetricDescriptor | null {
  const system = SYSTEM_METRICS.find((metric) => metric.metric_name === metricName);
  if (system) return system;
  const entity = ENTITY_METRIC.exec(metricName);
  if (!entity) return null;
  const kind = entity[1] as keyof typeof ENTITY_KINDS;
  return {
    namespace: ENTITY_KINDS[kind],
    metric_name: metricName,
    label: `${ENTITY_LABELS[kind]} ${entity[2]} Bitrate`,
    unit: 'kbps',
  };
}

/** Spec 2 §9: Average by default. */
export const METRIC_STATISTICS = ['Average', 'Minimum', 'Maximum', 'Sum', 'SampleCount'] as const;
export type MetricStatistic = (typeof METRIC_STATISTICS)[number];
export const DEFAULT_METRIC_STATISTIC: MetricStatistic = 'Average';

export const SCAN_BY = ['TimestampAscending', 'TimestampDescending'] as const;
export const DEFAULT_SCAN_BY = 'TimestampAscending';

/** Spec 2 §9: the explorer's default period (a bucket) is 3600 s; its data table shows 10000 rows. */
export const DEFAULT_METRIC_PERIOD = 3600;
export const METRICS_DATA_TABLE_MAX_ROWS = 10_000;
/** The datapoints one answer carries across its series before it pages. */
export const METRICS_PAGE_MAX = 10_000;
export const METRICS_QUERY_DEVICES_MAX = 100;
export const METRICS_QUERY_METRICS_MAX = 20;
/** Buckets are whole minutes (a device samples once a minute), at most a day. */
export const METRIC_PERIOD_MIN = 60;
export const METRIC_PERIOD_MAX = 86_400;
export const METRICS_REFRESH_MS = 20_000;
/** A chart tile (spec 2 §4.13): the last 12 hours, ending on the next half-hour mark. */
export const CHART_TILE_WINDOW_MS = 12 * 60 * 60_000;

/** Spec 2 §5 "Metrics": a query needs a device, a metric and a period. */
export const NO_DEVICES_MESSAGE = 'No devices specified for query';
export const NO_DEVICE_GUID_MESSAGE = 'Device has no device_guid';

/** The end of a chart tile's window: the next half-hour mark after `now` (spec 2 §4.13). */
export function nextHalfHour(now: Date): Date {
  const halfHour = 30 * 60_000;
  return new Date(Math.ceil(now.getTime() / halfHour) * halfHour);
}

const isoTime = (what: string) =>
  z.iso
    .datetime({ offset: true, error: 'Must be an ISO 8601 date and time, e.g. 2026-01-31T12:00:00Z' })
    .describe(what);

export const metricSelectionSchema = z.object({
  namespace: z.enum(METRIC_NAMESPACES, {
    error: `The namespace must be one of ${METRIC_NAMESPACES.join(', ')}`,
  }),
  metric_name: inputText(TEXT_LIMITS.short).min(1, 'A metric needs its metric_name'),
  period: z
    .number({ error: 'The period must be a number of seconds' })
    .int('The period must be a whole number of seconds')
    .min(METRIC_PERIOD_MIN, `The period must be at least ${METRIC_PERIOD_MIN} seconds`)
    .max(METRIC_PERIOD_MAX, `The period must be at most ${METRIC_PERIOD_MAX} seconds`)
    .refine((period) => period % 60 === 0, 'The period must be a whole number of minutes')
    .default(DEFAULT_METRIC_PERIOD),
  statistic: z
    .enum(METRIC_STATISTICS, { error: `The statistic must be one of ${METRIC_STATISTICS.join(', ')}` })
    .default(DEFAULT_METRIC_STATISTIC),
});
export type MetricSelection = z.input<typeof metricSelectionSchema>;

/** POST /devices/metrics (spec 2 §3 "Metric query", §7). */
export const metricQuerySchema = z
  .object({
    device_guids: z
      .array(guidSchema, { error: NO_DEVICES_MESSAGE })
      .min(1, NO_DEVICES_MESSAGE)
      .max(METRICS_QUERY_DEVICES_MAX, `At most ${METRICS_QUERY_DEVICES_MAX} devices can be queried at once`),
    metrics: z
      .array(metricSelectionSchema, { error: NO_DEVICES_MESSAGE })
      .min(1, NO_DEVICES_MESSAGE)
      .max(METRICS_QUERY_METRICS_MAX, `At most ${METRICS_QUERY_METRICS_MAX} metrics can be queried at once`),
    start_time: isoTime('The first bucket starts at or after this time'),
    end_time: isoTime('Samples at or after this time are left out (the last bucket may be partial)'),
    scan_by: z.enum(SCAN_BY).default(DEFAULT_SCAN_BY),
    pagination_size: z.number().int().min(1).max(METRICS_PAGE_MAX).default(METRICS_PAGE_MAX),
    pagination_token: inputText(TEXT_LIMITS.opaque).min(1).optional(),
  })
  .refine((query) => Date.parse(query.start_time) < Date.parse(query.end_time), {
    message: 'start_time must be before end_time',
    path: ['start_time'],
  });
export type MetricQuery = z.input<typeof metricQuerySchema>;

/** One series: a device's metric in buckets; a bucket without samples is left out. */
export const metricSeriesSchema = z.object({
  device_guid: z.string(),
  namespace: z.enum(METRIC_NAMESPACES),
  metric_name: z.string(),
  period: z.number(),
  statistic: z.enum(METRIC_STATISTICS),
  /** What a chart's legend says: the device's name and the metric's label. */
  label: z.string(),
  unit: z.enum(METRIC_UNITS),
  /** Each bucket's start, in scan_by order, and its statistic rounded to 2 decimals (spec 2 §9). */
  timestamps: z.array(z.iso.datetime()),
  values: z.array(z.number()),
});
export type MetricSeries = z.infer<typeof metricSeriesSchema>;

export const metricQueryResponseSchema = z.object({
  metrics: z.array(metricSeriesSchema),
  pagination_token: paginationTokenSchema,
});
export type MetricQueryResponse = z.infer<typeof metricQueryResponseSchema>;

export const metricNamespacesResponseSchema = z.object({
  namespaces: z.array(
    z.object({
      namespace: z.enum(METRIC_NAMESPACES),
      label: z.string(),
      metrics: z.array(
        z.object({
          metric_name: z.string(),
          label: z.string(),
          unit: z.enum(METRIC_UNITS),
        }),
      ),
    }),
  ),
});
export type MetricNamespacesResponse = z.infer<typeof metricNamespacesResponseSchema>;

const tags = ['metrics'];

export const metricOperations = {
  /** The namespaces and metrics the organization's devices have reported (the explorer's choices). */
  namespaces: defineOperation({
    method: 'GET',
    path: '/devices/metrics',
    summary: "The metrics the organization's devices report, by namespace",
    tags,
    query: z.object({ org_guid: guidSchema.optional() }),
    status: 200,
    response: metricNamespacesResponseSchema,
  }),
  query: defineOperation({
    method: 'POST',
    path: '/devices/metrics',
    summary: "Devices' metrics in buckets of a period, with a statistic",
    tags,
    body: metricQuerySchema,
    status: 200,
    response: metricQueryResponseSchema,
  }),
};
