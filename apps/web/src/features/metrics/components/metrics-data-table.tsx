import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { formatTimestamp } from '../../../lib/format-date';
import { formatMetricValue } from '../logic/metric-format';
import type { MetricRow } from '../logic/metric-rows';

const COLUMNS: readonly DataTableColumn<MetricRow>[] = [
  { id: 'device', header: 'Device', cell: (row) => row.deviceName, sortValue: (row) => row.deviceName },
  { id: 'metric', header: 'Metric', cell: (row) => row.metricLabel, sortValue: (row) => row.metricLabel },
  { id: 'time', header: 'Time', cell: (row) => formatTimestamp(row.time), sortValue: (row) => row.time },
  {
    id: 'value',
    header: 'Value',
    align: 'right',
    cell: (row) => formatMetricValue(row.value, row.unit),
    sortValue: (row) => row.value,
  },
];

const PAGE_SIZES = [25, 100, 500] as const;

/** The Data tab (spec 2 §2.11): every value of the query, up to 10000 rows, paged in the browser. */
export function MetricsDataTable(props: { rows: readonly MetricRow[] }) {
  return (
    <DataTable
      label="Metric values"
      columns={COLUMNS}
      rows={props.rows}
      rowKey={(row) => row.key}
      emptyText="No values in this period"
      paging={{ kind: 'client', pageSizes: PAGE_SIZES }}
    />
  );
}
