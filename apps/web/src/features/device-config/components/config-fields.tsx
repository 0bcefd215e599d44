import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type ReactNode, useId } from 'react';
import { type FieldValues, get, type Path, type UseFormReturn, useController } from 'react-hook-form';
import type { Choice } from '../../../lib/shadows/choices';

/**
 * Fields of the shadow list forms (Inputs, Encoders), bound to react-hook-form by the field's path in
 * the document (`encoders.0.config.bitrate`): each shows the contract's message for its path in red,
 * or its hint while the value is fine.
 */
interface Bound<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  disabled?: boolean;
  hint?: ReactNode;
}

/** The message at a path; for a list field, its own or its first item's. */
export function messageAt(errors: unknown, name: string): string | undefined {
  const node = get(errors, name) as Record<string, unknown> | undefined;
  if (!node) return undefined;
  if (typeof node.message === 'string') return node.message;
  const child = Object.values(node).find(
    (value): value is { message: string } =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { message?: unknown }).message === 'string',
  );
  return child?.message;
}

/** Two columns from a tablet up, one on a phone. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

export function ConfigTextField<T extends FieldValues>({ form, name, label, disabled, hint }: Bound<T>) {
  const message = messageAt(form.formState.errors, name);
  return (
    <TextField
      {...form.register(name)}
      label={label}
      disabled={disabled}
      error={Boolean(message)}
      helperText={message ?? hint}
    />
  );
}

/** A number as typed: a number when it reads as one, else the text, which the contract refuses. */
export function typedNumber(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed !== '' && Number.isFinite(value) ? value : text;
}

/**
 * A number field. It is a text field with a numeric keyboard, so that what is not a number reaches the
 * contract, which answers 'Value must be a number', instead of the browser silently dropping it.
 */
export function ConfigNumberField<T extends FieldValues>({ form, name, label, disabled, hint }: Bound<T>) {
  const message = messageAt(form.formState.errors, name);
  return (
    <TextField
      {...form.register(name, { setValueAs: typedNumber })}
      label={label}
      disabled={disabled}
      error={Boolean(message)}
      helperText={message ?? hint}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}

/**
 * A select of `choices`. `none` adds a first option that stands for null (no sync group).
 * `onPicked` makes the changes that go with a new value (H.265 forces the High profile).
 */
export function ConfigSelect<T extends FieldValues>({
  form,
  name,
  label,
  disabled,
  hint,
  choices,
  none,
  onPicked,
}: Bound<T> & { choices: readonly Choice[]; none?: string; onPicked?: (value: unknown) => void }) {
  const { field } = useController({ control: form.control, name });
  const message = messageAt(form.formState.errors, name);
  return (
    <TextField
      select
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onBlur={field.onBlur}
      onChange={(event) => {
        const picked = event.target.value as unknown;
        const value = none !== undefined && picked === '' ? null : picked;
        field.onChange(value);
        onPicked?.(value);
      }}
      disabled={disabled}
      error={Boolean(message)}
      helperText={message ?? hint}
    >
      {none !== undefined && <MenuItem value="">{none}</MenuItem>}
      {choices.map((choice) => (
        <MenuItem key={String(choice.value)} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** An on/off setting; a value the device never wrote reads as off. */
export function ConfigSwitch<T extends FieldValues>({ form, name, label, disabled, hint }: Bound<T>) {
  const { field } = useController({ control: form.control, name });
  const message = messageAt(form.formState.errors, name);
  const helperId = useId();
  const helper = message ?? hint;
  return (
    <FormControl error={Boolean(message)}>
      <FormControlLabel
        label={label}
        control={
          <Switch
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            disabled={disabled}
            slotProps={{ input: { ref: field.ref, ...(helper ? { 'aria-describedby': helperId } : {}) } }}
          />
        }
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}

/** A set of numbers picked by checkboxes (audio channels, a sync group's video encoders), kept sorted. */
export function ConfigCheckboxGroup<T extends FieldValues>({
  form,
  name,
  label,
  disabled,
  hint,
  choices,
}: Bound<T> & { choices: readonly Choice[] }) {
  const { field } = useController({ control: form.control, name });
  const message = messageAt(form.formState.errors, name);
  const picked: unknown[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (value: Choice['value'], on: boolean) =>
    field.onChange(
      on ? [...picked, value].sort((a, b) => Number(a) - Number(b)) : picked.filter((item) => item !== value),
    );
  return (
    <FormControl component="fieldset" error={Boolean(message)} disabled={disabled}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {choices.map((choice) => (
          <FormControlLabel
            key={String(choice.value)}
            label={choice.label}
            control={
              <Checkbox
                checked={picked.includes(choice.value)}
                onChange={(event) => toggle(choice.value, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      {(message ?? hint) && <FormHelperText>{message ?? hint}</FormHelperText>}
    </FormControl>
  );
}

/** An issue about a whole entry (a licensed limit, spec 3 §5), shown above its fields. */
export function EntryIssue<T extends FieldValues>({ form, name }: { form: UseFormReturn<T>; name: string }) {
  const message = messageAt(form.formState.errors, `${name}.root`);
  return message ? (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  ) : null;
}
