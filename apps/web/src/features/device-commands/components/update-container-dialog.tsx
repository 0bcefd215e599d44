import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { CommandDialog } from '../../../components/device-commands/command-dialog';
import { useDeviceCommand } from '../../../lib/device-commands/use-device-command';
import {
  initialUpdateContainerDraft,
  type UpdateContainerDraft,
  updateContainerIssues,
  updateContainerRequest,
} from '../logic/update-container';
import { CommandStatusAlert } from './command-status-alert';

const FIELDS: { key: keyof UpdateContainerDraft; label: string; type?: string; autoComplete: string }[] = [
  { key: 'username', label: 'Registry Username', autoComplete: 'off' },
  { key: 'password', label: 'Registry Password', type: 'password', autoComplete: 'off' },
  { key: 'version_tag', label: 'Version Tag', autoComplete: 'off' },
  { key: 'container_name', label: 'Container Name', autoComplete: 'off' },
];

/**
 * Update Docker Container (600 px, spec 2 §4.8): the registry credentials, the version tag
 * (R3.12.0) and the container name (videon-gui) the device pulls and restarts.
 */
export function UpdateContainerDialog(props: { deviceGuid: string; open: boolean; onClose: () => void }) {
  const command = useDeviceCommand(props.deviceGuid);
  const [draft, setDraft] = useState(initialUpdateContainerDraft);
  const [tried, setTried] = useState(false);
  const issues = updateContainerIssues(draft);

  const close = () => {
    command.reset();
    if (!command.processing) {
      setDraft(initialUpdateContainerDraft());
      setTried(false);
    }
    props.onClose();
  };
  const send = () => {
    setTried(true);
    if (command.processing || Object.keys(issues).length > 0) return;
    void command.start(updateContainerRequest(draft));
    setDraft({ ...draft, password: '' });
    setTried(false);
  };

  return (
    <CommandDialog
      open={props.open}
      onClose={close}
      title="Update Docker Container"
      width={600}
      onSubmit={send}
      actions={
        <>
          <Button onClick={close}>{command.progress && !command.processing ? 'Close' : 'Cancel'}</Button>
          <Button type="submit" variant="contained" loading={command.processing}>
            Update Container
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <DialogContentText>
          The device pulls this version of the container from the registry and restarts it.
        </DialogContentText>
        {FIELDS.map(({ key, label, type, autoComplete }) => {
          const issue = tried ? issues[key] : undefined;
          return (
            <TextField
              key={key}
              label={label}
              type={type}
              autoComplete={autoComplete}
              required
              fullWidth
              value={draft[key]}
              onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
              disabled={command.processing}
              error={Boolean(issue)}
              helperText={issue}
            />
          );
        })}
        <CommandStatusAlert progress={command.progress} />
      </Stack>
    </CommandDialog>
  );
}
