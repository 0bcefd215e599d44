import type { StatusTone } from '@ec/contract/shadow-registry';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EncoderStatusChip } from '../../../components/shadows/encoders-status-chip';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn, DataTableQuery } from '../../../components/ui/data-table/data-table-types';
import type { EncoderRow, InputRow, OutputRow } from '../logic/monitor-rows';

const STATUS_COLORS: Record<StatusTone, 'default' | 'success' | 'warning'> = {
  default: 'default',
  success: 'success',
  warning: 'warning',
};

const INPUT_COLUMNS: DataTableColumn<InputRow>[] = [
  { id: 'name', header: 'Input', cell: (row) => row.name },
  { id: 'channel', header: 'Channel', cell: (row) => row.channel },
  {
    id: 'format',
    header: 'Video Format',
    cell: (row) => (
      <Chip
        size="small"
        color={row.format.error ? 'error' : 'default'}
        variant={row.format.error ? 'filled' : 'outlined'}
        label={row.format.text}
      />
    ),
  },
  { id: 'audio', header: 'Audio', cell: (row) => row.audio },
];

const ENCODER_COLUMNS: DataTableColumn<EncoderRow>[] = [
  { id: 'name', header: 'Encoder', cell: (row) => row.name },
  { id: 'type', header: 'Type', cell: (row) => row.type },
  { id: 'status', header: 'Status', cell: (row) => <EncoderStatusChip status={row.status} /> },
  { id: 'resolution', header: 'Resolution', cell: (row) => row.resolution },
  { id: 'bitrate', header: 'Current Bitrate', cell: (row) => row.bitrate },
];

const OUTPUT_COLUMNS: DataTableColumn<OutputRow>[] = [
  { id: 'name', header: 'Output', cell: (row) => row.name },
  { id: 'type', header: 'Type', cell: (row) => row.type },
  { id: 'enabled', header: 'Enabled', cell: (row) => (row.enabled ? 'Yes' : 'No') },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <Chip
        size="small"
        color={STATUS_COLORS[row.status.tone]}
        variant={row.status.tone === 'default' ? 'outlined' : 'filled'}
        label={row.status.text}
      />
    ),
  },
  { id: 'message', header: 'Message', cell: (row) => row.message },
];

function MonitorTable<Row extends { key: string }>(props: {
  title: string;
  columns: DataTableColumn<Row>[];
  rows: Row[];
  query: DataTableQuery;
  emptyText: string;
}) {
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Typography variant="h4" component="h3">
        {props.title}
      </Typography>
      <DataTable
        label={props.title}
        columns={props.columns}
        rows={props.rows}
        rowKey={(row) => row.key}
        query={props.query}
        emptyText={props.emptyText}
        skeletonRows={2}
      />
    </Stack>
  );
}

/** The monitor view's three tables (spec 2 §2.5): inputs, encoders and outputs as the device reports them. */
export function MonitorTables(props: {
  inputs: { rows: InputRow[]; query: DataTableQuery };
  encoders: { rows: EncoderRow[]; query: DataTableQuery };
  outputs: { rows: OutputRow[]; query: DataTableQuery };
}) {
  return (
    <Stack spacing={3}>
      <MonitorTable title="Inputs" columns={INPUT_COLUMNS} emptyText="No inputs" {...props.inputs} />
      <MonitorTable title="Encoders" columns={ENCODER_COLUMNS} emptyText="No encoders" {...props.encoders} />
      <MonitorTable title="Outputs" columns={OUTPUT_COLUMNS} emptyText="No outputs" {...props.outputs} />
    </Stack>
  );
}
