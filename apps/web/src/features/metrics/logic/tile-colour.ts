import type { MetricThresholds } from '@ec/contract/metrics';

/** A chart tile's colour as a theme palette key: red, orange or blue (spec 2 §4.13). */
export type TileColour = 'error' | 'warning' | 'info';

/**
 * Red when the query failed or the last value exceeds the critical threshold, orange when it exceeds
 * the warning one, otherwise blue (also without values or thresholds).
 */
export function tileColour(input: {
  failed: boolean;
  values: readonly number[];
  thresholds?: MetricThresholds;
}): TileColour {
  if (input.failed) return 'error';
  const last = input.values.at(-1);
  if (last === undefined || !input.thresholds) return 'info';
  if (last > input.thresholds.critical) return 'error';
  if (last > input.thresholds.warning) return 'warning';
  return 'info';
}
