import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { CommandDialog } from '../../../components/device-commands/command-dialog';
import { useDeviceCommand } from '../../../lib/device-commands/use-device-command';
import { useDialogDeviceState } from '../hooks/use-dialog-device-state';
import {
  BLANK_TURNS_OFF,
  EMPTY_UI_PASSWORD,
  type UiPasswordDraft,
  uiPasswordIssues,
  uiPasswordRequest,
} from '../logic/ui-password';
import { CommandStatusAlert } from './command-status-alert';
import { DeviceStateFrame } from './device-state-frame';

/**
 * Manage Local UI Password (540 px, spec 2 §4.8): with a password set, the current one is required;
 * the new one is typed twice and must match; a blank new password turns the local UI's
 * authentication off. The device checks the current password.
 */
export function UiPasswordDialog(props: { deviceGuid: string; open: boolean; onClose: () => void }) {
  const state = useDialogDeviceState(props.deviceGuid, props.open);
  const command = useDeviceCommand(props.deviceGuid);
  const [draft, setDraft] = useState<UiPasswordDraft>(EMPTY_UI_PASSWORD);
  const [tried, setTried] = useState(false);
  const passwordSet = state.data?.ui_password_set ?? false;
  const issues = uiPasswordIssues(draft, passwordSet);
  // A mismatch shows as soon as the confirmation is typed; a missing current password once sending is tried.
  const shown = {
    current: tried ? issues.current : undefined,
    confirm: tried || draft.confirm !== '' ? issues.confirm : undefined,
  };

  const reset = () => {
    setDraft(EMPTY_UI_PASSWORD);
    setTried(false);
  };
  const close = () => {
    command.reset();
    if (!command.processing) reset();
    props.onClose();
  };
  const send = () => {
    setTried(true);
    if (!state.data || command.processing || Object.keys(issues).length > 0) return;
    void command.start(uiPasswordRequest(draft, passwordSet));
    reset();
  };
  const field = (key: keyof UiPasswordDraft) => ({
    value: draft[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setDraft({ ...draft, [key]: event.target.value }),
    disabled: command.processing,
    type: 'password',
    fullWidth: true,
  });

  return (
    <CommandDialog
      open={props.open}
      onClose={close}
      title="Manage Local UI Password"
      width={540}
      onSubmit={send}
      actions={
        <>
          <Button onClick={close}>{command.progress && !command.processing ? 'Close' : 'Cancel'}</Button>
          <Button
            type="submit"
            variant="contained"
            // Without a password, a blank one would change nothing.
            disabled={!state.data || (!passwordSet && draft.next === '')}
            loading={command.processing}
          >
            {draft.next === '' && passwordSet ? 'Turn Off Password' : 'Set Password'}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <DeviceStateFrame state={state}>
          {(current) => (
            <>
              <DialogContentText>
                {current.ui_password_set
                  ? "A password protects the device's local UI."
                  : "The device's local UI has no password."}
              </DialogContentText>
              {current.ui_password_set && (
                <TextField
                  {...field('current')}
                  label="Current Password"
                  autoComplete="off"
                  required
                  error={Boolean(shown.current)}
                  helperText={shown.current}
                />
              )}
              <TextField
                {...field('next')}
                label="New Password"
                autoComplete="new-password"
                helperText={BLANK_TURNS_OFF}
              />
              <TextField
                {...field('confirm')}
                label="Confirm New Password"
                autoComplete="new-password"
                error={Boolean(shown.confirm)}
                helperText={shown.confirm ?? ' '}
              />
            </>
          )}
        </DeviceStateFrame>
        <CommandStatusAlert progress={command.progress} />
      </Stack>
    </CommandDialog>
  );
}
