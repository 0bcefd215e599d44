import type { MetricSeries } from '@ec/contract/metrics';
import { describe, expect, it } from 'vitest';
import { SPARKLINE_WIDTH, sparklinePaths } from './sparkline-path';

const start = new Date('2026-11-27T00:00:00.000Z');
const end = new Date('2026-11-27T12:00:00.000Z');
const series = (unit: MetricSeries['unit'], values: number[], hours: number[]): MetricSeries => ({
  device_guid: 'd',
  namespace: 'system',
  metric_name: 'm',
  period: 3600,
  statistic: 'Average',
  label: 'M',
  unit,
  timestamps: hours.map((hour) => new Date(start.getTime() + hour * 3_600_000).toISOString()),
  values,
});

describe('sparklinePaths', () => {
  it('places each value on the query window, percent on 0-100', () => {
    const paths = sparklinePaths(series('percent', [0, 50, 100], [0, 6, 12]), start, end, 100);
    expect(paths?.line).toBe(`M0.0,100.0L500.0,50.0L${SPARKLINE_WIDTH}.0,0.0`);
    expect(paths?.area).toBe(`${paths?.line}L${SPARKLINE_WIDTH}.0,100L0.0,100Z`);
  });

  it('starts rates at 0 with room above the highest value, and fits other units to their data', () => {
    expect(sparklinePaths(series('kbps', [0, 1000], [0, 12]), start, end, 110)?.line).toBe(
      'M0.0,110.0L1000.0,10.0',
    );
    // 20 to 30 with a tenth of the span above and below: 19 at the bottom, 31 at the top.
    expect(sparklinePaths(series('celsius', [20, 30], [0, 12]), start, end, 120)?.line).toBe(
      'M0.0,110.0L1000.0,10.0',
    );
  });

  it('draws a flat line mid-height and nothing without values', () => {
    expect(sparklinePaths(series('celsius', [5, 5], [0, 12]), start, end, 100)?.line).toBe(
      'M0.0,50.0L1000.0,50.0',
    );
    expect(sparklinePaths(series('percent', [], []), start, end, 100)).toBeNull();
  });
});
