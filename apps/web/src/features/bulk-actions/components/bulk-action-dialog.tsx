import type { Device } from '@ec/contract/devices';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { CommandDialog } from '../../../components/device-commands/command-dialog';
import { ConfirmationWordField } from '../../../components/device-commands/confirmation-word-field';
import { RequestError } from '../../../components/ui/request-error';
import { isConfirmed } from '../../../lib/device-commands/confirmation-word';
import { useDirectoryChoices } from '../api/get-directory-choices';
import { useBulkRun } from '../hooks/use-bulk-run';
import { BULK_ACTIONS, type BulkActionKind } from '../logic/bulk-action-kinds';
import { bulkSummary } from '../logic/bulk-status';
import { BulkDeviceRow } from './bulk-device-row';
import { DeviceSelectorDialog } from './device-selector-dialog';

const BULK_DIALOG_WIDTH = 640;

/**
 * A bulk action on the selected devices (spec 2 §2.3): the devices (more or fewer chosen with the
 * device selector), the action's confirmation (Reboot asks for CONFIRM), then every device with its own
 * status and message and the overall progress. Mounted while open, so each opening starts afresh.
 */
export function BulkActionDialog(props: {
  kind: BulkActionKind;
  devices: readonly Device[];
  onClose: () => void;
}) {
  const spec = BULK_ACTIONS[props.kind];
  const run = useBulkRun();
  const [chosen, setChosen] = useState<ReadonlyMap<string, Device>>(
    () => new Map(props.devices.map((device) => [device.device_guid, device])),
  );
  const [typed, setTyped] = useState('');
  const [enable, setEnable] = useState<'on' | 'off'>('on');
  const [selecting, setSelecting] = useState(false);
  const [containerId, setContainerId] = useState('');
  const installing = props.kind === 'container';
  const directory = useDirectoryChoices(installing);
  const choiceId = useId();
  const devices = [...chosen.values()];
  const summary = bulkSummary([...run.items.values()]);
  const confirmed = !spec.word || isConfirmed(typed, spec.word);
  const canRun = !run.started && devices.length > 0 && confirmed && (!installing || containerId !== '');

  const close = () => {
    run.stop();
    props.onClose();
  };
  const start = () => {
    if (!canRun) return;
    void run.start(devices, spec, { enable: enable === 'on', containerId: containerId || null });
  };

  return (
    <CommandDialog
      open
      onClose={close}
      title={spec.title}
      width={BULK_DIALOG_WIDTH}
      onSubmit={start}
      actions={
        <>
          <Button onClick={close}>{run.started && !summary.running ? 'Close' : 'Cancel'}</Button>
          {!run.started && (
            <Button
              type="submit"
              variant="contained"
              color={props.kind === 'reboot' ? 'error' : 'primary'}
              disabled={!canRun}
            >
              {spec.run}
            </Button>
          )}
        </>
      }
    >
      <Stack spacing={2}>
        <DialogContentText>{spec.text}</DialogContentText>
        {props.kind === 'outputs' && (
          <Stack component="fieldset" sx={{ border: 0, m: 0, p: 0 }} disabled={run.started}>
            <FormLabel component="legend" id={choiceId}>
              Outputs
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={choiceId}
              value={enable}
              onChange={(event) => setEnable(event.target.value as 'on' | 'off')}
            >
              <FormControlLabel value="on" control={<Radio />} label="Turn all on" disabled={run.started} />
              <FormControlLabel value="off" control={<Radio />} label="Turn all off" disabled={run.started} />
            </RadioGroup>
          </Stack>
        )}
        {installing && (
          <>
            <RequestError error={directory.error} onRetry={() => directory.refetch()} />
            <TextField
              select
              label="Container"
              required
              value={containerId}
              onChange={(event) => setContainerId(event.target.value)}
              disabled={run.started || !directory.data}
              helperText={directory.isPending ? 'Loading the container directory...' : undefined}
            >
              {(directory.data ?? []).map((entry) => (
                <MenuItem key={entry.container_guid} value={entry.container_guid}>
                  {entry.name}
                  {entry.licensable ? ' (licensable)' : ''}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
            {devices.length} device{devices.length === 1 ? '' : 's'}
          </Typography>
          <Button size="small" variant="outlined" onClick={() => setSelecting(true)} disabled={run.started}>
            Choose Devices
          </Button>
        </Stack>
        {devices.length === 0 ? (
          <Alert severity="info">No devices selected</Alert>
        ) : (
          <Stack
            component="ul"
            aria-label="Selected devices"
            sx={{ m: 0, p: 0, listStyle: 'none', maxHeight: 360, overflowY: 'auto' }}
          >
            {devices.map((device) => (
              <BulkDeviceRow
                key={device.device_guid}
                device={device}
                item={run.items.get(device.device_guid)}
                refreshing={run.started}
              />
            ))}
          </Stack>
        )}
        {run.started && (
          <Stack spacing={0.5}>
            <LinearProgress
              variant="determinate"
              value={summary.percent}
              aria-label={`${spec.title} progress`}
            />
            <Typography variant="body2" role="status">
              {summary.done} of {summary.total} done
              {summary.failed > 0 ? `, ${summary.failed} not successful` : ''}
            </Typography>
          </Stack>
        )}
        {spec.word && !run.started && (
          <ConfirmationWordField word={spec.word} value={typed} onChange={setTyped} />
        )}
      </Stack>
      <DeviceSelectorDialog
        open={selecting}
        initial={chosen}
        onClose={() => setSelecting(false)}
        onDone={(next) => {
          setChosen(next);
          setSelecting(false);
        }}
      />
    </CommandDialog>
  );
}
