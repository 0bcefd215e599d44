import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link, useNavigate } from 'react-router';

/** The shared Back button: to a given page, or one step back in history. */
export function BackButton({ to, label = 'Back' }: { to?: string; label?: string }) {
  const navigate = useNavigate();
  if (to) {
    return (
      <Button component={Link} to={to} startIcon={<ArrowBackIcon />}>
        {label}
      </Button>
    );
  }
  return (
    <Button onClick={() => navigate(-1)} startIcon={<ArrowBackIcon />}>
      {label}
    </Button>
  );
}
