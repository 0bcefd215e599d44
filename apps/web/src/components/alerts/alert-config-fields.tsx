import { type AlertType, THRESHOLD_CONDITIONS } from '@ec/contract/shadow-documents/alerts';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { AlertDraft } from '../../lib/shadows/alert-drafts';
import { NotifyEmailsField, NotifyUsersField } from './alert-notify-fields';
import { CONDITION_LABELS } from './condition-labels';

/** A threshold as typed: a metric's is a number, a true/false one stays boolean, others are text. */
function thresholdFromInput(
  type: AlertType,
  previous: unknown,
  text: string,
): AlertDraft['config']['threshold_value'] {
  if (typeof previous === 'boolean') return text === 'true';
  if (type === 'metric') return text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text);
  return text;
}

/**
 * The editor of one device alert (spec 3 §2.6): Enabled (not before the alert has a name), the
 * threshold and its condition, notify on close, the users (of the organization) and the e-mail
 * addresses notified.
 */
export function AlertConfigFields(props: {
  alert: AlertDraft;
  orgGuid: string;
  editable: boolean;
  issues: ReadonlyMap<string, string> | undefined;
  onChange: (config: AlertDraft['config']) => void;
}) {
  const { alert, editable, issues } = props;
  const { config } = alert;
  const set = (patch: Partial<AlertDraft['config']>) => props.onChange({ ...config, ...patch });
  const booleanThreshold = typeof config.threshold_value === 'boolean';
  const issue = (path: string) => issues?.get(path);
  const emailIssue = [...(issues ?? [])].find(([path]) => path.startsWith('config.email_list'))?.[1];

  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={
          <Switch
            checked={config.enabled}
            disabled={!editable || !alert.name}
            onChange={(event) => set({ enabled: event.target.checked })}
          />
        }
        label="Enabled"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Condition"
          value={config.threshold_condition}
          disabled={!editable}
          onChange={(event) =>
            set({ threshold_condition: event.target.value as AlertDraft['config']['threshold_condition'] })
          }
          sx={{ minWidth: 200 }}
        >
          {THRESHOLD_CONDITIONS.map((condition) => (
            <MenuItem key={condition} value={condition}>
              {CONDITION_LABELS[condition]}
            </MenuItem>
          ))}
        </TextField>
        {booleanThreshold ? (
          <TextField
            select
            label="Threshold"
            value={String(config.threshold_value)}
            disabled={!editable}
            onChange={(event) => set({ threshold_value: event.target.value === 'true' })}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="true">True</MenuItem>
            <MenuItem value="false">False</MenuItem>
          </TextField>
        ) : (
          <TextField
            label="Threshold"
            value={String(config.threshold_value)}
            disabled={!editable}
            slotProps={{ htmlInput: { inputMode: alert.type === 'metric' ? 'decimal' : 'text' } }}
            onChange={(event) =>
              set({
                threshold_value: thresholdFromInput(alert.type, config.threshold_value, event.target.value),
              })
            }
            error={Boolean(issue('config.threshold_value'))}
            helperText={issue('config.threshold_value')}
          />
        )}
      </Stack>
      <FormControlLabel
        control={
          <Switch
            checked={config.notify_on_close}
            disabled={!editable}
            onChange={(event) => set({ notify_on_close: event.target.checked })}
          />
        }
        label="Notify when the alert closes"
      />
      <NotifyUsersField
        orgGuid={props.orgGuid}
        value={config.user_list}
        disabled={!editable}
        onChange={(user_list) => set({ user_list })}
      />
      <NotifyEmailsField
        value={config.email_list}
        disabled={!editable}
        issue={emailIssue}
        onChange={(email_list) => set({ email_list })}
      />
    </Stack>
  );
}
