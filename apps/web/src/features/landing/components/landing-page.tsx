import CloudSyncIcon from '@mui/icons-material/CloudSync';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { externalLinks } from '../../../config/links';
import { paths } from '../../../config/paths';
import { usePublicConfig } from '../../../lib/app-config';
import { useIsLoggedIn } from '../../../lib/session/session-store';

function Feature(props: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, flex: 1 }}>
      <Box sx={{ color: 'primary.main', mb: 1 }}>{props.icon}</Box>
      <Typography variant="h3" component="h2" gutterBottom>
        {props.title}
      </Typography>
      <Typography color="text.secondary">{props.children}</Typography>
    </Paper>
  );
}

/** The public landing page (spec 1 §1, §2.2); narrow screens (500 px or less) go straight to the login. */
export function LandingPage() {
  const narrow = useMediaQuery('(max-width:500px)', { noSsr: true });
  const { deployment_name } = usePublicConfig();
  const loggedIn = useIsLoggedIn();
  if (narrow) return <Navigate to={paths.auth.login.getHref()} replace />;

  return (
    <Stack spacing={6} sx={{ py: { xs: 2, md: 6 } }}>
      <Box sx={{ textAlign: 'center', maxWidth: 760, mx: 'auto' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '2.25rem', md: '3rem' }, mb: 2 }}>
          {deployment_name}
        </Typography>
        <Typography variant="h2" component="p" sx={{ fontWeight: 400, color: 'text.secondary', mb: 4 }}>
          Monitor, configure and command your whole fleet of Edgecaster video encoders from one console.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', flexWrap: 'wrap', rowGap: 2 }}>
          <Button
            variant="contained"
            size="large"
            component={Link}
            to={loggedIn ? paths.dashboard.getHref() : paths.auth.login.getHref()}
          >
            {loggedIn ? 'Open Dashboard' : 'Sign In'}
          </Button>
          <Button variant="outlined" size="large" href={externalLinks.salesContact}>
            Contact Sales
          </Button>
          <Button
            variant="text"
            size="large"
            href={externalLinks.productPage}
            target="_blank"
            rel="noopener noreferrer"
          >
            Product Page
          </Button>
        </Stack>
      </Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Feature icon={<MonitorHeartIcon fontSize="large" />} title="Live status">
          See which encoders are online and streaming the moment it changes, with alerts when they need you.
        </Feature>
        <Feature icon={<TuneIcon fontSize="large" />} title="Remote configuration">
          Change inputs, encoders, outputs and system settings remotely; every change is confirmed by the
          device.
        </Feature>
        <Feature icon={<CloudSyncIcon fontSize="large" />} title="Fleets and teams">
          Group devices into fleets and give each member of your organization the access they need.
        </Feature>
      </Stack>
    </Stack>
  );
}
