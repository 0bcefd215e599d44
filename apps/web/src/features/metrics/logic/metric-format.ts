import type { MetricUnit } from '@ec/contract/metrics';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
/** Spec 2 §9 "Byte units": 1024 base. */
const BYTE_BASE = 1024;

const twoDecimals = (value: number) => String(Math.round(value * 100) / 100);

/** Bytes in the largest 1024 unit that keeps the number at 1 or more (TB at most): 1536 → '1.5 KB'. */
export function formatBytes(value: number): string {
  let scaled = value;
  let unit = 0;
  while (Math.abs(scaled) >= BYTE_BASE && unit < BYTE_UNITS.length - 1) {
    scaled /= BYTE_BASE;
    unit += 1;
  }
  return `${twoDecimals(scaled)} ${BYTE_UNITS[unit]}`;
}

/**
 * A metric's value as a chart, a tile and the data table show it (spec 2 §4.13): percent with a %
 * sign, bytes in 1024 units, degrees and kilobits per second with two decimals at most.
 */
export function formatMetricValue(value: number, unit: MetricUnit): string {
  switch (unit) {
    case 'percent':
      return `${twoDecimals(value)}%`;
    case 'bytes':
      return formatBytes(value);
    case 'celsius':
      return `${twoDecimals(value)} °C`;
    case 'kbps':
      return `${twoDecimals(value)} kbps`;
  }
}

/** The value axis of a unit: percent charts scale 0 to 100, the others fit their data. */
export const fixedAxisRange = (unit: MetricUnit): [number, number] | null =>
  unit === 'percent' ? [0, 100] : null;
