import type { MetricSeries } from '@ec/contract/metrics';
import { formatMetricValue } from './metric-format';

/**
 * The series on one time axis, as uPlot takes them: the union of their buckets in seconds, then each
 * series' value at every bucket (null where it has none, drawn as a gap).
 */
export function alignSeries(series: readonly MetricSeries[]): [number[], ...(number | null)[][]] {
  const seconds = (iso: string) => Date.parse(iso) / 1000;
  const times = [...new Set(series.flatMap((one) => one.timestamps.map(seconds)))].sort((a, b) => a - b);
  const index = new Map(times.map((time, position) => [time, position]));
  const columns = series.map((one) => {
    const column: (number | null)[] = new Array(times.length).fill(null);
    one.timestamps.forEach((time, position) => {
      column[index.get(seconds(time)) ?? 0] = one.values[position] ?? null;
    });
    return column;
  });
  return [times, ...columns];
}

/** What a screen reader hears for a chart: its subject, then each series' latest value. */
export function chartSummary(title: string, series: readonly MetricSeries[]): string {
  if (series.every((one) => one.values.length === 0)) return `${title}: no data`;
  const latest = series
    .filter((one) => one.values.length > 0)
    .map((one) => `${one.label} ${formatMetricValue(one.values.at(-1) ?? 0, one.unit)}`);
  return `${title}: latest ${latest.join(', ')}`;
}
