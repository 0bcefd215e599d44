import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

/**
 * The search box above a list: a small search input with a magnifier, as wide as `width` from small
 * screens up and full width on a phone. Lists wait for a pause in typing themselves (spec 1 §9).
 */
export function SearchField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  width?: number;
}) {
  return (
    <TextField
      label={props.label}
      type="search"
      size="small"
      margin="none"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      placeholder={props.placeholder}
      sx={{ maxWidth: { sm: props.width ?? 320 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
