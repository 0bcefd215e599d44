import Autocomplete, { type AutocompleteProps } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { RequestError } from '../ui/request-error';

type PassedThrough<T> = Pick<
  AutocompleteProps<T, true, false, false>,
  | 'groupBy'
  | 'getOptionLabel'
  | 'filterOptions'
  | 'renderOption'
  | 'noOptionsText'
  | 'inputValue'
  | 'onInputChange'
>;

/**
 * Picks up to `max` of a loaded list (devices, metrics): searchable, the rest disabled once full, with
 * the list's own error and Retry below. `keyOf` says when two options are the same.
 */
export function LimitedMultiSelect<T>(
  props: PassedThrough<T> & {
    label: string;
    options: T[];
    value: T[];
    onChange: (next: T[]) => void;
    keyOf: (option: T) => string;
    max: number;
    /** Under the field once `max` are picked: 'At most 10 devices at once'. */
    fullText: string;
    /** In the empty field: 'All devices'. */
    emptyText: string;
    list: { isLoading: boolean; error: Error | null; refetch: () => unknown };
  },
) {
  const { label, options, value, onChange, keyOf, max, fullText, emptyText, list, ...passed } = props;
  const full = value.length >= max;
  const picked = new Set(value.map(keyOf));
  return (
    <Box sx={{ flex: { sm: '1 1 260px' }, minWidth: { sm: 260 }, maxWidth: { sm: 560 } }}>
      <Autocomplete
        {...passed}
        multiple
        size="small"
        options={options}
        value={value}
        loading={list.isLoading}
        limitTags={3}
        isOptionEqualToValue={(option, other) => keyOf(option) === keyOf(other)}
        getOptionDisabled={(option) => full && !picked.has(keyOf(option))}
        onChange={(_event, next) => onChange(next)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            placeholder={value.length ? undefined : emptyText}
            helperText={full ? fullText : undefined}
          />
        )}
      />
      {list.error && <RequestError error={list.error} onRetry={list.refetch} />}
    </Box>
  );
}
