import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { localeOptions } from './locale-options';

/** Locale selector (spec 1 §5): Default, the browser's locale and the previous one, labelled 'Locale'. */
export function LocaleSelect(props: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The locale saved before, offered as 'Previous'. */
  previous?: string | null;
  error?: string;
  name?: string;
}) {
  const { previous } = props;
  const options = useMemo(
    () => localeOptions(typeof navigator === 'undefined' ? null : navigator.language, previous),
    [previous],
  );
  return (
    <TextField
      select
      label="Locale"
      name={props.name}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      onBlur={props.onBlur}
      error={Boolean(props.error)}
      helperText={props.error}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
