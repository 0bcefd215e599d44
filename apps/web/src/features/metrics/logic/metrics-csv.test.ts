import type { MetricSeries } from '@ec/contract/metrics';
import { METRICS_DATA_TABLE_MAX_ROWS } from '@ec/contract/metrics';
import { describe, expect, it } from 'vitest';
import { metricRows } from './metric-rows';
import { metricsCsv, metricsCsvFileName } from './metrics-csv';

const DEVICE = '11111111-1111-4111-8111-111111111111';

const series = (overrides: Partial<MetricSeries> = {}): MetricSeries => ({
  device_guid: DEVICE,
  namespace: 'system',
  metric_name: 'cpu_percent_used',
  period: 60,
  statistic: 'Average',
  label: 'Studio A CPU Utilization',
  unit: 'percent',
  timestamps: ['2026-01-01T12:00:00.000Z', '2026-01-01T12:01:00.000Z'],
  values: [12.345, 50],
  ...overrides,
});

describe('metricsCsv', () => {
  it('writes a header row, then one row per value rounded to 2 decimals', () => {
    const rows = metricRows([series()], () => 'Studio A');
    expect(metricsCsv(rows)).toBe(
      [
        'Device,Metric,Unit,Time,Value',
        'Studio A,CPU Utilization,percent,2026-01-01T12:00:00.000Z,12.35',
        'Studio A,CPU Utilization,percent,2026-01-01T12:01:00.000Z,50',
        '',
      ].join('\r\n'),
    );
  });

  it('quotes separators and quotes, and defuses formulas in device names', () => {
    const rows = metricRows(
      [series({ timestamps: ['2026-01-01T12:00:00.000Z'], values: [1] })],
      () => '=HYPERLINK("x"), ok',
    );
    expect(metricsCsv(rows).split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""x""), ok",CPU Utilization,percent,2026-01-01T12:00:00.000Z,1`,
    );
  });

  it('defuses formulas after leading spaces and after the semicolons of a semicolon-separated reading', () => {
    const csvOf = (deviceName: string) =>
      metricsCsv(
        metricRows([series({ timestamps: ['2026-01-01T12:00:00.000Z'], values: [1] })], () => deviceName),
      )
        .split('\r\n')[1]!
        .split(',CPU')[0];
    expect(csvOf(' =1+1')).toBe("' =1+1");
    expect(csvOf('Studio;=1+1')).toBe("Studio;'=1+1");
    expect(csvOf('a; \t@SUM(A1)')).toBe("a;' \t@SUM(A1)");
    expect(csvOf('Studio; A-1')).toBe('Studio; A-1');
  });

  it('writes only the header for no data', () => {
    expect(metricsCsv([])).toBe('Device,Metric,Unit,Time,Value\r\n');
  });
});

describe('metricRows', () => {
  it('names an unknown device by its guid and stops at the table limit', () => {
    const many = Array.from({ length: METRICS_DATA_TABLE_MAX_ROWS + 5 }, (_, index) =>
      new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
    );
    const rows = metricRows([series({ timestamps: many, values: many.map(() => 1) })], () => undefined);
    expect(rows).toHaveLength(METRICS_DATA_TABLE_MAX_ROWS);
    expect(rows[0]?.deviceName).toBe(DEVICE);
  });
});

describe('metricsCsvFileName', () => {
  it('names the file after the metrics and the span', () => {
    const start = new Date('2026-01-01T12:00:00Z');
    const end = new Date('2026-01-02T12:00:00Z');
    expect(metricsCsvFileName(['cpu_percent_used'], start, end)).toBe(
      'metrics_cpu_percent_used_20260101T1200-20260102T1200.csv',
    );
    expect(metricsCsvFileName(['a', 'b', 'c', 'd', 'e'], start, end)).toBe(
      'metrics_a_b_c_and_2_more_20260101T1200-20260102T1200.csv',
    );
  });
});
