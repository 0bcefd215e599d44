import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type Control, type FieldPath, useController } from 'react-hook-form';
import type { OutputsFormValues } from '../../../lib/shadows/outputs-drafts';
import type { Option } from '../../../lib/shadows/outputs-field-specs';

/**
 * The inputs of the output editor, each bound to one field of the outputs form. They show the
 * contract's message for the field (or a message beneath it, e.g. one encoder of a list), else its
 * warning, else its hint.
 */

export type OutputsControl = Control<OutputsFormValues>;
type Name = FieldPath<OutputsFormValues>;

interface BoundProps {
  control: OutputsControl;
  name: Name;
  label: string;
  disabled: boolean;
  hint?: string;
  warning?: string;
}

/** The first message of an error or of the errors beneath it (a list's items). */
export function errorMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const inner of Object.values(error)) {
    const found = errorMessage(inner);
    if (found) return found;
  }
  return undefined;
}

function useBound(props: BoundProps) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const error = errorMessage(fieldState.error);
  return {
    field,
    error,
    helper: {
      error: Boolean(error),
      helperText: error ?? props.warning ?? props.hint,
      slotProps: {
        formHelperText: { sx: !error && props.warning ? { color: 'warning.main' } : undefined },
      },
    },
  };
}

/** Text; a secret ('' stands for none: the device keeps the one it has). */
export function BoundText(props: BoundProps & { secret?: boolean }) {
  const { field, helper } = useBound(props);
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      label={props.label}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(event) =>
        field.onChange(props.secret && event.target.value === '' ? undefined : event.target.value)
      }
      onBlur={field.onBlur}
      disabled={props.disabled}
      type={props.secret ? 'password' : 'text'}
      autoComplete={props.secret ? 'new-password' : 'off'}
      {...helper}
    />
  );
}

const showNumber = (value: unknown) =>
  typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
/** A number as typed; text that is not one stays text, for the contract to call it 'Value must be a number'. */
const readNumber = (text: string) =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

/** A number, kept as typed while it is being typed ('2.' stays '2.'). */
export function BoundNumber(props: BoundProps) {
  const { field, helper } = useBound(props);
  const [text, setText] = useState(showNumber(field.value));
  const [seen, setSeen] = useState<unknown>(field.value);
  if (!Object.is(seen, field.value)) {
    setSeen(field.value);
    if (!Object.is(readNumber(text), field.value)) setText(showNumber(field.value));
  }
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      label={props.label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(readNumber(event.target.value));
      }}
      onBlur={field.onBlur}
      disabled={props.disabled}
      slotProps={{ htmlInput: { inputMode: 'decimal' }, ...helper.slotProps }}
      error={helper.error}
      helperText={helper.helperText}
    />
  );
}

export function BoundSwitch(props: BoundProps) {
  const { field, error } = useBound(props);
  return (
    <FormControl error={Boolean(error)}>
      <FormControlLabel
        control={
          <Switch
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            disabled={props.disabled}
          />
        }
        label={props.label}
      />
      {(error ?? props.warning) && (
        <FormHelperText sx={error ? undefined : { color: 'warning.main' }}>
          {error ?? props.warning}
        </FormHelperText>
      )}
    </FormControl>
  );
}

/** One of `options`; a value the options do not hold (from a newer device) is shown as it is. */
export function BoundSelect(
  props: BoundProps & { options: readonly Option[]; onPicked?: (value: string) => void },
) {
  const { field, helper } = useBound(props);
  const value = field.value == null ? '' : String(field.value);
  const options =
    value && !props.options.some((option) => option.value === value)
      ? [...props.options, { value, label: value }]
      : props.options;
  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      label={props.label}
      value={value}
      onChange={(event) => {
        field.onChange(event.target.value);
        props.onPicked?.(event.target.value);
      }}
      onBlur={field.onBlur}
      disabled={props.disabled}
      {...helper}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Several of `options`. Values are kept in their type: encoder ids are numbers, manifests text; a
 * value the options do not hold (an encoder since deleted) is listed so it can be removed.
 */
export function BoundMultiSelect(props: BoundProps & { options: readonly Option[]; numeric?: boolean }) {
  const { field, helper } = useBound(props);
  const values = Array.isArray(field.value) ? field.value.map(String) : [];
  const options = [
    ...props.options,
    ...values
      .filter((value) => !props.options.some((option) => option.value === value))
      .map((value) => ({ value, label: `${value} (not on the device)` })),
  ];
  const labelOf = (value: string) => options.find((option) => option.value === value)?.label ?? value;
  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      label={props.label}
      value={values}
      onChange={(event) => {
        const picked = event.target.value as unknown as string[];
        field.onChange(props.numeric ? picked.map(Number) : picked);
      }}
      onBlur={field.onBlur}
      disabled={props.disabled}
      {...helper}
      slotProps={{
        ...helper.slotProps,
        select: { multiple: true, renderValue: (selected) => (selected as string[]).map(labelOf).join(', ') },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
