import { type AlertSettings, alertSettingsSchema, type OfflineAlertSettings } from '@ec/contract/alert-rules';
import { zodIssues } from '@ec/contract/shadow-documents/fields';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { NotifyEmailsField, NotifyUsersField } from '../../../components/alerts/alert-notify-fields';
import { RequestError } from '../../../components/ui/request-error';
import { useSaveAlertSettings } from '../api/alert-settings';

/** The first message the contract has for the e-mail list, if an address is not valid. */
function emailIssue(settings: AlertSettings): string | undefined {
  const parsed = alertSettingsSchema.safeParse(settings);
  if (parsed.success) return undefined;
  return zodIssues(parsed.error).find((issue) => issue.path.includes('email_list'))?.message;
}

/**
 * The legacy Device Offline alert (spec 2 §2.10 /alerts/config): on or off for every device of the
 * organization, notify on close, the users and e-mail addresses told. Save sends the whole settings.
 */
export function AlertSettingsForm(props: { saved: AlertSettings; orgGuid: string; canEdit: boolean }) {
  const [offline, setOffline] = useState<OfflineAlertSettings>(props.saved.offline);
  const save = useSaveAlertSettings();
  const settings = { offline };
  const issue = emailIssue(settings);
  const changed = JSON.stringify(offline) !== JSON.stringify(props.saved.offline);
  const editable = props.canEdit && !save.isPending;
  const set = (patch: Partial<OfflineAlertSettings>) => {
    save.reset();
    setOffline((current) => ({ ...current, ...patch }));
  };

  return (
    <Stack
      spacing={2}
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(settings);
      }}
    >
      <FormControlLabel
        control={
          <Switch
            checked={offline.enabled}
            disabled={!editable}
            onChange={(event) => set({ enabled: event.target.checked })}
          />
        }
        label="Device Offline alert enabled"
      />
      <FormControlLabel
        control={
          <Switch
            checked={offline.notify_on_close}
            disabled={!editable}
            onChange={(event) => set({ notify_on_close: event.target.checked })}
          />
        }
        label="Notify when the alert closes"
      />
      <NotifyUsersField
        orgGuid={props.orgGuid}
        value={offline.user_list}
        disabled={!editable}
        onChange={(user_list) => set({ user_list })}
      />
      <NotifyEmailsField
        value={offline.email_list}
        disabled={!editable}
        issue={issue}
        onChange={(email_list) => set({ email_list })}
      />
      <RequestError error={save.error} />
      {save.isSuccess && !changed && <Alert severity="success">Alert settings saved.</Alert>}
      {props.canEdit && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button disabled={!changed || !editable} onClick={() => set(props.saved.offline)}>
            Revert
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!changed || Boolean(issue)}
            loading={save.isPending}
          >
            Save
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
