import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function PageNotFound() {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', my: 4 }}>
      <Typography variant="h1" gutterBottom>
        Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        There is nothing at this address.
      </Typography>
      <Button variant="contained" component={Link} to={paths.home.getHref()}>
        Go to Homepage
      </Button>
    </Paper>
  );
}
