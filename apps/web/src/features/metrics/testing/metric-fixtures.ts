import type { MetricQueryResponse, MetricSeries } from '@ec/contract/metrics';

/** One series of POST /devices/metrics: a device's CPU by default. */
export function makeSeries(overrides: Partial<MetricSeries> = {}): MetricSeries {
  return {
    device_guid: '11111111-1111-4111-8111-111111111111',
    namespace: 'system',
    metric_name: 'cpu_percent_used',
    period: 1800,
    statistic: 'Average',
    label: 'Studio A CPU Utilization',
    unit: 'percent',
    timestamps: ['2026-11-24T10:00:00.000Z', '2026-11-24T10:30:00.000Z'],
    values: [12.5, 40.25],
    ...overrides,
  };
}

export const metricsAnswer = (metrics: MetricSeries[]): MetricQueryResponse => ({
  metrics,
  pagination_token: null,
});
