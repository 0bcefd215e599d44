import Typography from '@mui/material/Typography';

/** What the search tabs show before anything is typed. */
export function SearchHint() {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      Type in the search box: the results follow a moment after you stop.
    </Typography>
  );
}
