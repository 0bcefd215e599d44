import type { Capability } from '@ec/contract/entitlements/capabilities';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { DraftValue } from '../logic/profile-draft';

/** Narrow on wide screens, the card's width on a phone. */
const FIELD_WIDTH = { width: { xs: '100%', sm: 180 } };

/**
 * The input of one feature's value in the profile editor, by its capability's type (spec 3 §3.9): a
 * switch, a number, a minimum and maximum, or a list (its possible values, or free text).
 */
export function CapabilityValueField(props: {
  capability: Capability;
  value: DraftValue;
  onChange: (value: DraftValue) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { capability, value, onChange, error, disabled } = props;
  const label = capability.label;
  switch (capability.type) {
    case 'boolean':
      return (
        <FormControlLabel
          disabled={disabled}
          control={
            <Switch
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
              slotProps={{ input: { 'aria-label': label } }}
            />
          }
          label={value === true ? 'On' : 'Off'}
        />
      );
    case 'number':
      return (
        <TextField
          size="small"
          type="number"
          label={label}
          value={value as string}
          onChange={(event) => onChange(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? `${capability.min} to ${capability.max}`}
          disabled={disabled}
          slotProps={{ htmlInput: { min: capability.min, max: capability.max } }}
          sx={FIELD_WIDTH}
        />
      );
    case 'range': {
      const range = value as { min: string; max: string };
      return (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {(['min', 'max'] as const).map((end) => (
            <TextField
              key={end}
              size="small"
              type="number"
              label={`${label} ${end === 'min' ? 'Minimum' : 'Maximum'}`}
              value={range[end]}
              onChange={(event) => onChange({ ...range, [end]: event.target.value })}
              error={Boolean(error)}
              helperText={end === 'min' ? (error ?? `${capability.min} to ${capability.max}`) : ' '}
              disabled={disabled}
              sx={FIELD_WIDTH}
            />
          ))}
        </Stack>
      );
    }
    case 'array':
      return (
        <Autocomplete
          multiple
          freeSolo={!capability.possible}
          size="small"
          options={capability.possible ?? []}
          value={value as string[]}
          onChange={(_event, next) => onChange(next)}
          disabled={disabled}
          renderInput={(params) => (
            <TextField {...params} label={label} error={Boolean(error)} helperText={error} />
          )}
          sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 240 }, maxWidth: 420 }}
        />
      );
  }
}
