import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A rule's Alert Name cell (spec 3 §2.6): its label opens and closes its settings below the table (a
 * button, so that a keyboard reaches it too), its name underneath.
 */
export function AlertNameToggle(props: {
  label: string;
  name: string;
  expanded: boolean;
  onToggle: () => void;
}) {
  return (
    <Stack sx={{ alignItems: 'flex-start' }}>
      <Link component="button" type="button" aria-expanded={props.expanded} onClick={props.onToggle}>
        {props.label}
      </Link>
      <Typography variant="caption" color="text.secondary">
        {props.name}
      </Typography>
    </Stack>
  );
}
