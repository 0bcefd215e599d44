import TextField from '@mui/material/TextField';
import {
  type ConfirmationWord,
  confirmationPrompt,
  isConfirmed,
} from '../../lib/device-commands/confirmation-word';

/**
 * The field a destructive command asks its word in (spec 2 §4.8): 'Please type CONFIRM above to
 * proceed' stays under it until the word is typed exactly. It takes the focus when it appears: typing
 * the word is the one thing to do.
 */
export function ConfirmationWordField(props: {
  word: ConfirmationWord;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const confirmed = isConfirmed(props.value, props.word);
  return (
    <TextField
      label={`Type ${props.word}`}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      disabled={props.disabled}
      helperText={confirmed ? ' ' : confirmationPrompt(props.word)}
      autoComplete="off"
      autoFocus
      spellCheck={false}
      fullWidth
      slotProps={{ htmlInput: { autoCapitalize: 'characters' } }}
    />
  );
}
