import type { MetricSeries } from '@ec/contract/metrics';
import { fixedAxisRange } from './metric-format';

/** The drawing's own units: the SVG stretches them to the tile's width. */
export const SPARKLINE_WIDTH = 1000;

/** The value range drawn: the unit's fixed one (percent), from 0 for rates and sizes, else the data's. */
function valueRange(series: MetricSeries): [number, number] {
  const fixed = fixedAxisRange(series.unit);
  if (fixed) return fixed;
  const max = Math.max(...series.values);
  if (series.unit === 'kbps' || series.unit === 'bytes') return [0, max > 0 ? max * 1.1 : 1];
  const min = Math.min(...series.values);
  const pad = max > min ? (max - min) * 0.1 : Math.abs(max) * 0.1 || 1;
  return [min - pad, max + pad];
}

/**
 * A tile's chart as SVG paths (decision 242): the series over the query's window, `line` through its
 * values and `area` down to the bottom, in a box SPARKLINE_WIDTH wide and `height` high. The same
 * scales as the larger chart (metric-chart-canvas.tsx), without axes. Null when there is nothing to draw.
 */
export function sparklinePaths(series: MetricSeries, start: Date, end: Date, height: number) {
  if (series.values.length === 0) return null;
  const [low, high] = valueRange(series);
  const from = start.getTime();
  const span = Math.max(end.getTime() - from, 1);
  const points = series.values.map((value, index) => {
    const x = ((Date.parse(series.timestamps[index] ?? '') - from) / span) * SPARKLINE_WIDTH;
    const clamped = Math.min(Math.max(value, low), high);
    const y = height - ((clamped - low) / (high - low)) * height;
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const line = `M${points.join('L')}`;
  const first = points[0]?.split(',')[0];
  const last = points.at(-1)?.split(',')[0];
  return { line, area: `${line}L${last},${height}L${first},${height}Z` };
}
