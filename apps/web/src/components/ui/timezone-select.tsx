import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { filterTimezones, timezoneOptions } from './timezone-options';

/** Time zone selector (spec 2 §2.13), labelled 'Timezone'. */
export function TimezoneSelect(props: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  withUtc?: boolean;
  disabled?: boolean;
  error?: string;
  label?: string;
  name?: string;
}) {
  const { value, withUtc, label = 'Timezone' } = props;
  const options = useMemo(() => timezoneOptions({ withUtc, current: value }), [withUtc, value]);
  return (
    <Autocomplete
      options={options}
      value={value || null}
      disabled={props.disabled}
      disableClearable={Boolean(value)}
      autoHighlight
      onChange={(_event, next) => props.onChange(next ?? '')}
      onBlur={props.onBlur}
      filterOptions={(list, state) => filterTimezones(list, state.inputValue)}
      renderInput={(params) => (
        <TextField
          {...params}
          name={props.name}
          label={label}
          error={Boolean(props.error)}
          helperText={props.error}
        />
      )}
    />
  );
}
