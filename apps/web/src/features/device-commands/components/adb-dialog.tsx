import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { CommandDialog } from '../../../components/device-commands/command-dialog';
import { useDeviceCommand } from '../../../lib/device-commands/use-device-command';
import { useDialogDeviceState } from '../hooks/use-dialog-device-state';
import { ADB_PORT, ADB_WARNING, ADB_WARNING_DETAIL, isAdbEnabled } from '../logic/adb';
import { CommandStatusAlert } from './command-status-alert';
import { DeviceStateFrame } from './device-state-frame';

/** ADB over IP (540 px, spec 2 §4.8): on when the device reports port 5555; turning it on warns first. */
export function AdbDialog(props: { deviceGuid: string; open: boolean; onClose: () => void }) {
  const state = useDialogDeviceState(props.deviceGuid, props.open);
  const command = useDeviceCommand(props.deviceGuid);
  const enabled = isAdbEnabled(state.data?.adb_port);
  const close = () => {
    command.reset();
    props.onClose();
  };
  return (
    <CommandDialog
      open={props.open}
      onClose={close}
      title="ADB over IP"
      width={540}
      actions={
        <>
          <Button onClick={close}>Close</Button>
          {state.data && (
            <Button
              variant="contained"
              color={enabled ? 'primary' : 'warning'}
              loading={command.processing}
              onClick={() => void command.start({ command: 'enable_adb', data: !enabled })}
            >
              {enabled ? 'Disable ADB over IP' : 'Enable ADB over IP'}
            </Button>
          )}
        </>
      }
    >
      <Stack spacing={2}>
        <DeviceStateFrame state={state}>
          {(current) => (
            <>
              <DialogContentText>
                {isAdbEnabled(current.adb_port)
                  ? `ADB over IP is on (port ${ADB_PORT}).`
                  : 'ADB over IP is off.'}
              </DialogContentText>
              {!isAdbEnabled(current.adb_port) && (
                <Alert severity="warning">
                  <AlertTitle>{ADB_WARNING}</AlertTitle>
                  {ADB_WARNING_DETAIL}
                </Alert>
              )}
            </>
          )}
        </DeviceStateFrame>
        <CommandStatusAlert progress={command.progress} />
      </Stack>
    </CommandDialog>
  );
}
