import { ALERT_PAGE_LOOKBACK_MS, ALERT_PAGE_SIZE, type Alert, type AlertType } from '@ec/contract/alerts';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAlertColumns } from '../../../components/alerts/alert-columns';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { usePersonName } from '../../../lib/orgs/use-person-name';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useAlertHistory } from '../api/get-alert-history';

/**
 * One of the alerts page's two lists (spec 2 §2.10, §4.4): the organization's alerts of a type raised in
 * the last 5 days, closed ones too, newest first, 50 a page.
 */
export function AlertHistoryList(props: { alertType: AlertType; title: string }) {
  const [startTime] = useState(() => new Date(Date.now() - ALERT_PAGE_LOOKBACK_MS).toISOString());
  const paging = useTokenPagination(startTime);
  const history = useAlertHistory(props.alertType, { start_time: startTime, pagination_token: paging.token });
  const personName = usePersonName();
  const headingId = `alert-history-${props.alertType}`;

  const rows = history.data?.alerts ?? [];
  const columns: DataTableColumn<Alert>[] = [
    ...useAlertColumns({ sortable: false, alerts: rows }),
    { id: 'closed', header: 'Closed By', cell: (alert) => personName(alert.closed_by) || '—' },
  ];
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="h4" component="h2" sx={{ mb: 1 }}>
        {props.title}
      </Typography>
      <DataTable
        label={props.title}
        columns={columns}
        rows={rows}
        rowKey={(alert) => alert.alert_guid}
        emptyText="No alerts in the last 5 days"
        query={history}
        paging={{
          kind: 'token',
          state: paging,
          nextToken: history.data?.pagination_token ?? null,
          pageSize: ALERT_PAGE_SIZE,
        }}
      />
    </section>
  );
}
