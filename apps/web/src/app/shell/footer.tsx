import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { usePublicConfig } from '../../lib/app-config';

/** Footer: copyright year and the Cloud Services Agreement (spec 1 §1), plus the API reference. */
export function Footer() {
  const { deployment_name } = usePublicConfig();
  return (
    <Box component="footer" sx={{ py: 2, px: 3, borderTop: 1, borderColor: 'divider', mt: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 3 }}
        sx={{ justifyContent: 'center', alignItems: 'center' }}
      >
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} {deployment_name}
        </Typography>
        <Link component={RouterLink} to={paths.legal.getHref('csa')} variant="body2">
          Cloud Services Agreement
        </Link>
        <Link href={paths.apiDocs.getHref()} variant="body2" target="_blank" rel="noopener">
          API
        </Link>
      </Stack>
    </Box>
  );
}
