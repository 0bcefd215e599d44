import type { Alert } from '@ec/contract/alerts';
import type { ThresholdCondition } from '@ec/contract/shadow-documents/alerts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { alertStateChip } from '../../lib/alerts/alert-state';
import { formatTimestamp } from '../../lib/format-date';
import { usePersonName } from '../../lib/orgs/use-person-name';
import { InfoGrid } from '../ui/info-grid';
import { CONDITION_LABELS } from './condition-labels';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function conditionText(config: Alert['config']): string {
  const condition = config.threshold_condition;
  const label = condition ? (CONDITION_LABELS[condition as ThresholdCondition] ?? condition) : undefined;
  return [label, config.threshold_value].filter((part) => part !== undefined).join(' ');
}

/**
 * The alert state label (spec 2 §2.13, §4.4): a chip in the state's colour that opens a dialog with the
 * device, condition, created, resolved, silenced, silenced at and silenced by.
 */
export function AlertStateLabel(props: { alert: Alert; deviceName: string }) {
  const { alert } = props;
  const personName = usePersonName();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const chip = alertStateChip(alert);
  return (
    <>
      <Chip
        size="small"
        color={chip.color}
        label={chip.label}
        onClick={() => setOpen(true)}
        aria-label={`${chip.label}: details of ${alert.label || alert.name}`}
        aria-haspopup="dialog"
      />
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{alert.label || alert.name}</DialogTitle>
        <DialogContent>
          <InfoGrid
            items={[
              { label: 'Device', value: props.deviceName },
              { label: 'Condition', value: conditionText(alert.config) },
              { label: 'Created', value: formatTimestamp(alert.timestamp) },
              { label: 'Resolved', value: yesNo(alert.resolved) },
              { label: 'Silenced', value: yesNo(alert.silenced) },
              { label: 'Silenced At', value: formatTimestamp(alert.silenced_timestamp) },
              { label: 'Silenced By', value: personName(alert.silenced_toggled_by) },
            ]}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
