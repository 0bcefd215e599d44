import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';

/**
 * A text field registered with a react-hook-form form: shows the field's validation message in red,
 * or `hint` while the value is fine.
 */
export function FormTextField<T extends FieldValues>({
  form,
  name,
  hint,
  ...props
}: { form: UseFormReturn<T>; name: Path<T>; hint?: string } & Omit<TextFieldProps, 'name'>) {
  const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <TextField {...form.register(name)} error={Boolean(message)} helperText={message ?? hint} {...props} />
  );
}
