import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { CommandDialog } from '../../../components/device-commands/command-dialog';
import { ConfirmationWordField } from '../../../components/device-commands/confirmation-word-field';
import {
  CONFIRMATION_WORDS,
  type ConfirmationWord,
  isConfirmed,
} from '../../../lib/device-commands/confirmation-word';
import { useDeviceCommand } from '../../../lib/device-commands/use-device-command';
import { CommandStatusAlert } from './command-status-alert';

interface ConfirmedCommand {
  title: string;
  width: number;
  word: ConfirmationWord;
  text: string;
  action: string;
  command: 'reboot_device' | 'reset_settings';
}

/** Spec 2 §2.5 widths, §4.8 words. */
export const CONFIRMED_COMMANDS = {
  reboot: {
    title: 'Reboot',
    width: 480,
    word: CONFIRMATION_WORDS.reboot,
    text: 'The device restarts: it goes offline and stops streaming until it is back online.',
    action: 'Reboot',
    command: 'reboot_device',
  },
  reset: {
    title: 'Reset Settings',
    width: 640,
    word: CONFIRMATION_WORDS.reset,
    text: 'Every setting of the device (inputs, encoders, outputs, network and alerts) goes back to its factory default. This cannot be undone.',
    action: 'Reset Settings',
    command: 'reset_settings',
  },
} as const satisfies Record<string, ConfirmedCommand>;

/**
 * Reboot (480 px, CONFIRM) and Reset Settings (640 px, RESET): the command goes once its word is
 * typed exactly, then its status shows until the dialog is closed.
 */
export function ConfirmedCommandDialog(props: {
  kind: keyof typeof CONFIRMED_COMMANDS;
  deviceGuid: string;
  open: boolean;
  onClose: () => void;
}) {
  const spec: ConfirmedCommand = CONFIRMED_COMMANDS[props.kind];
  const command = useDeviceCommand(props.deviceGuid);
  const [typed, setTyped] = useState('');
  const confirmed = isConfirmed(typed, spec.word);
  const close = () => {
    command.reset();
    if (!command.processing) setTyped('');
    props.onClose();
  };
  const send = () => {
    if (!confirmed || command.processing) return;
    setTyped('');
    void command.start({ command: spec.command, data: undefined });
  };
  return (
    <CommandDialog
      open={props.open}
      onClose={close}
      title={spec.title}
      width={spec.width}
      onSubmit={send}
      actions={
        <>
          <Button onClick={close}>{command.progress && !command.processing ? 'Close' : 'Cancel'}</Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={!confirmed}
            loading={command.processing}
          >
            {spec.action}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <DialogContentText>{spec.text}</DialogContentText>
        <ConfirmationWordField
          word={spec.word}
          value={typed}
          onChange={setTyped}
          disabled={command.processing}
        />
        <CommandStatusAlert progress={command.progress} />
      </Stack>
    </CommandDialog>
  );
}
