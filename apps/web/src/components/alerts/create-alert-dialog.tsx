import {
  ALERT_TYPES,
  type AlertType,
  newDeviceAlert,
  PREDEFINED_DEVICE_ALERTS,
} from '@ec/contract/shadow-documents/alerts';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type AlertDraft, alertIssues } from '../../lib/shadows/alert-drafts';
import { ListCreateDialog } from '../ui/list-create-dialog';

export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  metric: 'Metric',
  inputs: 'Inputs',
  outputs: 'Outputs',
  encoders: 'Encoders',
};

let created = 0;
const CANDIDATE = 'candidate';

/**
 * Create Alert (spec 3 §2.6, §4.3, §5): a type, a name (a predefined one fills its label and
 * threshold and starts disabled) and a label. Create stays disabled while the alert is not valid; the
 * alert joins the working copy, and reaches the device with Save. The organization's templates use it
 * too, so it starts afresh each time it closes.
 */
export function CreateAlertDialog(props: {
  open: boolean;
  /** Names already on the device: a predefined alert is offered once. */
  existingNames: readonly string[];
  onClose: () => void;
  onCreate: (alert: AlertDraft) => void;
}) {
  const [type, setType] = useState<AlertType>('metric');
  const [name, setName] = useState('');
  const [label, setLabel] = useState('');
  const suggestions = PREDEFINED_DEVICE_ALERTS.filter(
    (alert) => alert.type === type && !props.existingNames.includes(alert.name),
  );
  const draft: AlertDraft = { key: CANDIDATE, ...newDeviceAlert({ type, name: name.trim(), label }) };
  const issues = alertIssues([draft]).get(CANDIDATE);

  const close = () => {
    setType('metric');
    setName('');
    setLabel('');
    props.onClose();
  };
  const chooseName = (value: string) => {
    setName(value);
    const predefined = suggestions.find((alert) => alert.name === value);
    if (predefined) setLabel(predefined.label);
  };

  return (
    <ListCreateDialog
      open={props.open}
      title="Create Alert"
      size="sm"
      blocked={Boolean(issues)}
      onClose={close}
      onCreate={() => {
        created += 1;
        props.onCreate({ ...draft, key: `new-${created}` });
      }}
    >
      <TextField
        select
        label="Type"
        value={type}
        onChange={(event) => {
          setType(event.target.value as AlertType);
          setName('');
          setLabel('');
        }}
      >
        {ALERT_TYPES.map((value) => (
          <MenuItem key={value} value={value}>
            {ALERT_TYPE_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        freeSolo
        options={suggestions.map((alert) => alert.name)}
        getOptionLabel={(option) => {
          const predefined = suggestions.find((alert) => alert.name === option);
          return predefined ? `${predefined.label} (${option})` : option;
        }}
        inputValue={name}
        onInputChange={(_event, value) => chooseName(value)}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Name"
            required
            error={Boolean(name) && Boolean(issues?.get('name'))}
            helperText={issues?.get('name') ?? 'A predefined alert, or a name of your own'}
          />
        )}
      />
      <TextField
        label="Label"
        required
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        error={Boolean(label) && Boolean(issues?.get('label'))}
        helperText={issues?.get('label') ?? 'What the alert is called where it is shown'}
      />
    </ListCreateDialog>
  );
}
