import {
  describeMetric,
  METRICS_DATA_TABLE_MAX_ROWS,
  type MetricSeries,
  type MetricUnit,
} from '@ec/contract/metrics';

/** One value of one series: a row of the Data tab and of the CSV file. */
export interface MetricRow {
  key: string;
  deviceGuid: string;
  deviceName: string;
  metricLabel: string;
  unit: MetricUnit;
  /** The bucket's start, ISO 8601. */
  time: string;
  value: number;
}

export const metricLabel = (metricName: string) => describeMetric(metricName)?.label ?? metricName;

/**
 * The series as rows, series after series in their own time order, at most the data table's 10000
 * (spec 2 §9). `deviceName` names a device by its guid; an unknown one shows its guid.
 */
export function metricRows(
  series: readonly MetricSeries[],
  deviceName: (deviceGuid: string) => string | undefined,
): MetricRow[] {
  const rows: MetricRow[] = [];
  for (const one of series) {
    const name = deviceName(one.device_guid) ?? one.device_guid;
    const label = metricLabel(one.metric_name);
    for (const [index, time] of one.timestamps.entries()) {
      if (rows.length >= METRICS_DATA_TABLE_MAX_ROWS) return rows;
      rows.push({
        key: `${one.device_guid}/${one.namespace}/${one.metric_name}/${time}`,
        deviceGuid: one.device_guid,
        deviceName: name,
        metricLabel: label,
        unit: one.unit,
        time,
        value: one.values[index] ?? Number.NaN,
      });
    }
  }
  return rows;
}
