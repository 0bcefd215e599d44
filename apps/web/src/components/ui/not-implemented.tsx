import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BackButton } from './back-button';

/** Placeholder for every screen a later issue builds. */
export function NotImplemented({ embedded = false }: { embedded?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', my: embedded ? 2 : 4 }}>
      <Typography variant={embedded ? 'h3' : 'h1'} component={embedded ? 'h2' : 'h1'} gutterBottom>
        Not Implemented
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        This part of the console is not available yet.
      </Typography>
      {!embedded && <BackButton />}
    </Paper>
  );
}
