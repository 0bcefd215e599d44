import type { DockerContainer } from '@ec/contract/device-docker';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { actionsColumn } from '../../../components/ui/data-table/actions-column';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';

const STATUS_COLOURS = {
  running: 'success',
  restarting: 'warning',
  paused: 'warning',
  created: 'default',
  exited: 'default',
} as const;

/**
 * The containers of a device as a list: name, image, status; a container opens (Manage) below the list,
 * and `actions` adds the view's own buttons to each row.
 */
export function ContainersList(props: {
  label: string;
  query: UseQueryResult<DockerContainer[]>;
  rows: readonly DockerContainer[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  pageSize: number;
  actions?: (container: DockerContainer) => ReactNode;
}) {
  const columns: DataTableColumn<DockerContainer>[] = [
    { id: 'name', header: 'Name', cell: (c) => c.name, sortValue: (c) => c.name.toLowerCase() },
    { id: 'image', header: 'Image', cell: (c) => c.image, display: { xs: 'none', md: 'table-cell' } },
    {
      id: 'status',
      header: 'Status',
      cell: (c) => <Chip size="small" label={c.status} color={STATUS_COLOURS[c.status]} variant="outlined" />,
    },
    actionsColumn((c) => {
      const id = String(c.id);
      const open = props.selectedId === id;
      return (
        <>
          <Button
            size="small"
            aria-expanded={open}
            aria-label={`${open ? 'Close' : 'Manage'} ${c.name}`}
            onClick={() => props.onSelect(open ? null : id)}
          >
            {open ? 'Close' : 'Manage'}
          </Button>
          {props.actions?.(c)}
        </>
      );
    }),
  ];
  return (
    <DataTable
      label={props.label}
      columns={columns}
      rows={props.rows}
      rowKey={(c) => String(c.id)}
      emptyText="No containers"
      query={props.query}
      paging={{ kind: 'client', pageSizes: [props.pageSize] }}
      rowProps={(c) => ({ selected: props.selectedId === String(c.id) })}
    />
  );
}
