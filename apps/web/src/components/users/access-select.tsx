import { ACCESS_LEVELS, accessLabel } from '@ec/contract/access';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** The device access levels 100 Read Only, 200 User, 300 Admin (spec 3 §6) as a native select. */
export function AccessSelect(props: TextFieldProps) {
  return (
    <TextField
      select
      {...props}
      slotProps={{ ...props.slotProps, select: { native: true }, inputLabel: { shrink: true } }}
    >
      {ACCESS_LEVELS.map((level) => (
        <option key={level} value={level}>
          {accessLabel(level)}
        </option>
      ))}
    </TextField>
  );
}
