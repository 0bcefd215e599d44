import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * Above a configuration list: what leads it (a heading, links), its Create button, and when the device
 * cannot add or remove entries (spec 3 §9), the note saying what it needs instead.
 */
export function ListCreateBar(props: {
  label: string;
  lead?: ReactNode;
  /** Why entries cannot be created on this device; null when they can. */
  lockedNote: string | null;
  editable: boolean;
  /** Create is offered (to editors); the lead shows to everyone. */
  showCreate: boolean;
  onCreate: () => void;
}) {
  if (!props.lead && !props.showCreate) return null;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={props.lead ? 2 : 1}
      sx={{ justifyContent: props.lead ? 'space-between' : 'flex-end', alignItems: { sm: 'center' } }}
    >
      {props.lead}
      {props.showCreate && props.lockedNote && (
        <Typography variant="body2" color="text.secondary">
          {props.lockedNote}
        </Typography>
      )}
      {props.showCreate && (
        <Button
          variant="outlined"
          disabled={!props.editable || props.lockedNote !== null}
          onClick={props.onCreate}
        >
          {props.label}
        </Button>
      )}
    </Stack>
  );
}
