import type { MetricRow } from './metric-rows';

export const METRICS_CSV_HEADER = ['Device', 'Metric', 'Unit', 'Time', 'Value'] as const;

/**
 * Where a spreadsheet may start reading a formula: a cell's start, or a `;` (a spreadsheet that splits
 * on semicolons starts a cell there), then any spaces it trims, then =, +, -, @, a tab or CR.
 */
const FORMULA_START = /(^|;)(?=\s*[=+\-@\t\r])/g;

/**
 * One CSV field: quoted when it holds a separator, a quote or a line break; each place a spreadsheet
 * could run a formula from (a device name is anyone's text) gets a quote mark, which makes it text.
 */
function field(text: string): string {
  const safe = text.replace(FORMULA_START, "$1'");
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const rounded = (value: number) => (Number.isFinite(value) ? String(Math.round(value * 100) / 100) : '');

/**
 * The Data tab as CSV (spec 2 §2.11): a header row, then one row per value with the time in ISO 8601
 * UTC (a spreadsheet reads it in any zone) and the value as a plain number rounded to 2 decimals.
 */
export function metricsCsv(rows: readonly MetricRow[]): string {
  const lines = [METRICS_CSV_HEADER.join(',')];
  for (const row of rows) {
    lines.push(
      [field(row.deviceName), field(row.metricLabel), row.unit, row.time, rounded(row.value)].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const compactTime = (date: Date) => date.toISOString().slice(0, 16).replace(/[-:]/g, '');

/**
 * A CSV file's name after its query: the metrics (the first three, then how many more) and the span,
 * e.g. metrics_cpu_percent_used_20260101T1200-20260102T1200.csv.
 */
export function metricsCsvFileName(metricNames: readonly string[], start: Date, end: Date): string {
  const shown = metricNames.slice(0, 3).join('_');
  const more = metricNames.length > 3 ? `_and_${metricNames.length - 3}_more` : '';
  const name = `metrics_${shown}${more}_${compactTime(start)}-${compactTime(end)}`;
  return `${name.replace(/[^A-Za-z0-9_-]/g, '_')}.csv`;
}
