import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * Above a configuration list: its Create button, and when the device cannot add or remove entries
 * (spec 3 §9), the note saying what it needs instead.
 */
export function ListCreateBar(props: {
  label: string;
  /** Why entries cannot be created on this device; null when they can. */
  lockedNote: string | null;
  editable: boolean;
  onCreate: () => void;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'flex-end', alignItems: { sm: 'center' } }}
    >
      {props.lockedNote && (
        <Typography variant="body2" color="text.secondary">
          {props.lockedNote}
        </Typography>
      )}
      <Button
        variant="outlined"
        disabled={!props.editable || props.lockedNote !== null}
        onClick={props.onCreate}
      >
        {props.label}
      </Button>
    </Stack>
  );
}
