import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** processing: a spinner while the session and organizations load. */
export function ProcessingStage() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <CircularProgress aria-label="Processing" />
    </Box>
  );
}
