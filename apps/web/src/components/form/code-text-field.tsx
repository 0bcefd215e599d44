import type { TextFieldProps } from '@mui/material/TextField';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormTextField } from './form-text-field';

/**
 * The field of a 6-digit code (TOTP, e-mail and SMS verification; spec 1 §5): a numeric keyboard on
 * phones, and the browser may fill in a code it received.
 */
export function CodeTextField<T extends FieldValues>(
  props: { form: UseFormReturn<T>; name: Path<T>; label: string } & Pick<TextFieldProps, 'autoFocus'>,
) {
  return (
    <FormTextField
      {...props}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
    />
  );
}
