import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** /backend_error: the console cannot reach its server. */
export function BackendErrorPage() {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', my: 4 }}>
      <Typography variant="h1" gutterBottom>
        Backend Error
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The console can not reach its server right now. Please try again in a moment.
      </Typography>
      <Button variant="contained" onClick={() => window.location.assign('/')}>
        Try Again
      </Button>
    </Paper>
  );
}
