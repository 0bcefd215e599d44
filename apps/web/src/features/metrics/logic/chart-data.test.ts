import type { MetricSeries } from '@ec/contract/metrics';
import { describe, expect, it } from 'vitest';
import { alignSeries, chartSummary } from './chart-data';

const series = (label: string, timestamps: string[], values: number[]): MetricSeries => ({
  device_guid: '11111111-1111-4111-8111-111111111111',
  namespace: 'system',
  metric_name: 'cpu_percent_used',
  period: 60,
  statistic: 'Average',
  label,
  unit: 'percent',
  timestamps,
  values,
});

const T0 = '2026-01-01T12:00:00.000Z';
const T1 = '2026-01-01T12:01:00.000Z';
const T2 = '2026-01-01T12:02:00.000Z';

describe('alignSeries', () => {
  it('puts every series on the union of buckets with gaps as null', () => {
    const t0 = Date.parse(T0) / 1000;
    expect(alignSeries([series('A', [T0, T2], [1, 3]), series('B', [T1], [2])])).toEqual([
      [t0, t0 + 60, t0 + 120],
      [1, null, 3],
      [null, 2, null],
    ]);
  });
});

describe('chartSummary', () => {
  it('names the latest value of each series, or says there is no data', () => {
    expect(chartSummary('CPU', [series('Studio CPU', [T0, T1], [10, 42.5])])).toBe(
      'CPU: latest Studio CPU 42.5%',
    );
    expect(chartSummary('CPU', [series('Studio CPU', [], [])])).toBe('CPU: no data');
  });
});
