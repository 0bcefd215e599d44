import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { CommandDialog } from '../../../components/device-commands/command-dialog';
import { ConfirmationWordField } from '../../../components/device-commands/confirmation-word-field';
import { CONFIRMATION_WORDS, isConfirmed } from '../../../lib/device-commands/confirmation-word';
import { useDeviceCommand } from '../../../lib/device-commands/use-device-command';
import { useDialogDeviceState } from '../hooks/use-dialog-device-state';
import {
  isRemovable,
  listedStorageDevices,
  NOT_REMOVABLE,
  type StorageDevice,
  storageSize,
} from '../logic/storage-devices';
import { CommandStatusAlert } from './command-status-alert';
import { DeviceStateFrame } from './device-state-frame';

type Action = 'remove' | 'format';
const ACTIONS = {
  remove: {
    label: 'Safely Remove',
    word: CONFIRMATION_WORDS.remove,
    command: 'safely_remove_storage',
    explain: (name: string) => `${name} is unmounted so that it can be unplugged without losing data.`,
  },
  format: {
    label: 'Format',
    word: CONFIRMATION_WORDS.format,
    command: 'format_storage',
    explain: (name: string) => `Formatting erases everything stored on ${name}.`,
  },
} as const;

function StorageEntry(props: {
  device: StorageDevice;
  disabled: boolean;
  onChoose: (action: Action) => void;
}) {
  const { device } = props;
  const removable = isRemovable(device);
  const nameId = useId();
  return (
    <Paper variant="outlined" component="li" aria-labelledby={nameId} sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <div>
          <Typography id={nameId} sx={{ fontWeight: 500 }}>
            {device.name || device.devno}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {device.type} · {device.devno} · {storageSize(device)}
          </Typography>
          {!removable && (
            <Typography variant="body2" color="text.secondary">
              {NOT_REMOVABLE}
            </Typography>
          )}
        </div>
        {removable && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button
              size="small"
              variant="outlined"
              disabled={props.disabled}
              aria-label={`Safely remove ${device.name || device.devno}`}
              onClick={() => props.onChoose('remove')}
            >
              Safely Remove
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              disabled={props.disabled}
              aria-label={`Format ${device.name || device.devno}`}
              onClick={() => props.onChoose('format')}
            >
              Format
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Storage Devices (800 px, spec 2 §4.8): the device's storage as it reports it (entries without a
 * uuid hidden); a USB or SD Card entry can be removed safely (REMOVE) or formatted (FORMAT).
 */
export function StorageDevicesDialog(props: { deviceGuid: string; open: boolean; onClose: () => void }) {
  const state = useDialogDeviceState(props.deviceGuid, props.open);
  const command = useDeviceCommand(props.deviceGuid);
  const [chosen, setChosen] = useState<{ device: StorageDevice; action: Action } | null>(null);
  const [typed, setTyped] = useState('');
  const listId = useId();

  const choose = (device: StorageDevice, action: Action) => {
    command.reset();
    setTyped('');
    setChosen({ device, action });
  };
  const close = () => {
    command.reset();
    setChosen(null);
    setTyped('');
    props.onClose();
  };
  const action = chosen ? ACTIONS[chosen.action] : null;
  const send = () => {
    if (!chosen || !action || !isConfirmed(typed, action.word) || command.processing) return;
    void command.start({ command: action.command, data: { storage_device_id: chosen.device.uuid } });
    setChosen(null);
    setTyped('');
  };

  return (
    <CommandDialog
      open={props.open}
      onClose={close}
      title="Storage Devices"
      width={800}
      onSubmit={send}
      actions={
        chosen && action ? (
          <>
            <Button onClick={() => setChosen(null)}>Cancel</Button>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={!isConfirmed(typed, action.word)}
            >
              {action.label}
            </Button>
          </>
        ) : (
          <Button onClick={close}>Close</Button>
        )
      }
    >
      <Stack spacing={2}>
        <DeviceStateFrame state={state}>
          {(current) => {
            const devices = listedStorageDevices(current.storage_devices);
            if (devices.length === 0) return <DialogContentText>No storage devices</DialogContentText>;
            return (
              <>
                <Typography id={listId} variant="subtitle2" component="h3">
                  Storage reported by the device
                </Typography>
                <Box component="ul" aria-labelledby={listId} sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
                  {devices.map((device) => (
                    <StorageEntry
                      key={device.uuid}
                      device={device}
                      disabled={command.processing}
                      onChoose={(next) => choose(device, next)}
                    />
                  ))}
                </Box>
              </>
            );
          }}
        </DeviceStateFrame>
        {chosen && action && (
          <Paper variant="outlined" sx={{ p: 2, borderColor: 'warning.main' }}>
            <Stack spacing={1.5}>
              <Typography>
                {action.label} {chosen.device.name || chosen.device.devno}?{' '}
                {action.explain(chosen.device.name || chosen.device.devno)}
              </Typography>
              <ConfirmationWordField word={action.word} value={typed} onChange={setTyped} />
            </Stack>
          </Paper>
        )}
        <CommandStatusAlert progress={command.progress} />
      </Stack>
    </CommandDialog>
  );
}
