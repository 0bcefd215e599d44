import { licenseName } from '@ec/contract/entitlements/license-labels';
import type { License } from '@ec/contract/entitlements/licenses';
import { LICENSE_PAGE_SIZE } from '@ec/contract/entitlements/licenses';
import type { ReactNode } from 'react';
import type { useTokenPagination } from '../../lib/use-token-pagination';
import { DataTable } from '../ui/data-table/data-table';
import type { DataTableColumn, DataTableQuery } from '../ui/data-table/data-table-types';
import { expandColumn, useExpandedRows } from '../ui/data-table/expand-column';
import { LicenseDetails } from './license-details';

const rowKey = (license: License) => license.license_id;

/**
 * A licence table (spec 3 §2.8, spec 2 §2.12): 50 a page by token, each row expanding to its details
 * with the buttons `actions` gives it.
 */
export function LicensesTable(props: {
  columns: readonly DataTableColumn<License>[];
  licenses: readonly License[];
  query: DataTableQuery;
  paging: ReturnType<typeof useTokenPagination>;
  nextToken: string | null | undefined;
  showFirst?: boolean;
  emptyText: string;
  now: Date;
  actions: (license: License) => ReactNode;
}) {
  const expanded = useExpandedRows();
  return (
    <DataTable
      label="Licenses"
      columns={[expandColumn(expanded, rowKey, licenseName), ...props.columns]}
      rows={props.licenses}
      rowKey={rowKey}
      emptyText={props.emptyText}
      query={props.query}
      paging={{
        kind: 'token',
        state: props.paging,
        nextToken: props.nextToken,
        pageSize: LICENSE_PAGE_SIZE,
        showFirst: props.showFirst,
      }}
      expandedContent={(license) =>
        expanded.isExpanded(rowKey(license)) && (
          <LicenseDetails license={license} now={props.now} actions={props.actions(license)} />
        )
      }
    />
  );
}
