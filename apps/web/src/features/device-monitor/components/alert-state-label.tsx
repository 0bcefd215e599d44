import type { Alert } from '@ec/contract/alerts';
import { alertStateLabel } from '@ec/contract/alerts';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { InfoGrid } from '../../../components/ui/info-grid';
import { formatTimestamp } from '../../../lib/format-date';
import { alertChip, alertCondition } from '../logic/alert-chip';
import { WidgetDialog } from './widget-dialog';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * The alert state label (spec 2 §2.13, §4.4): the alert's state in its colour; its dialog shows the
 * device, condition, created, resolved, silenced, silenced at and silenced by.
 */
export function AlertStateLabel(props: { alert: Alert; deviceName: string }) {
  const { alert } = props;
  const [open, setOpen] = useState(false);
  const { label, color } = alertChip(alert);
  return (
    <>
      <Chip
        size="small"
        color={color}
        label={label}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`${alert.label}: ${label} (${alertStateLabel(alert)})`}
      />
      {open && (
        <WidgetDialog title={alert.label || alert.name} onClose={() => setOpen(false)}>
          <InfoGrid
            items={[
              { label: 'Device', value: props.deviceName },
              { label: 'Condition', value: alertCondition(alert) },
              { label: 'State', value: alertStateLabel(alert) },
              { label: 'Created', value: formatTimestamp(alert.timestamp) },
              { label: 'Resolved', value: yesNo(alert.resolved) },
              { label: 'Silenced', value: yesNo(alert.silenced) },
              { label: 'Silenced At', value: formatTimestamp(alert.silenced_timestamp) },
              { label: 'Silenced By', value: alert.silenced_toggled_by },
            ]}
          />
        </WidgetDialog>
      )}
    </>
  );
}
