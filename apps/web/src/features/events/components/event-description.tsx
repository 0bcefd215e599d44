import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { EventView } from '../logic/event-views';

/** The Event Description cell: what happened, who did it, and a link to what it changed. */
export function EventDescription({ view }: { view: EventView }) {
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-start', overflowWrap: 'anywhere' }}>
      <span>{view.description}</span>
      {view.by && (
        <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
          By {view.by}
        </Typography>
      )}
      {view.link && (
        <Link component={RouterLink} to={view.link.href} variant="body2" underline="hover">
          {view.link.label}
        </Link>
      )}
    </Stack>
  );
}
