import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/Notifications';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { usePublicConfig } from '../../lib/app-config';
import { preferences, usePreference } from '../../lib/preferences';
import { BarHint } from './bar-hint';
import { MoreMenu } from './more-menu';
import { SettingsMenu } from './settings-menu';
import { useAlertCount } from './use-alert-count';

/** The bell's badge: '!' when the alerts cannot be fetched, the count when there are any, else none. */
export const bellBadge = (alerts: { count: number | null; failed: boolean }) =>
  alerts.failed ? '!' : alerts.count ? alerts.count : null;

/** The bell's name: the count once there is one (an organization is selected), or why there is none. */
const bellLabel = (alerts: { count: number | null; failed: boolean }) =>
  alerts.failed ? 'Alerts: unavailable' : alerts.count === null ? 'Alerts' : `Alerts: ${alerts.count}`;

/**
 * The top bar (spec 1 §2.2). On a phone the theme switch and Support move into a 'More' menu and the
 * deployment name shortens, so that the bell and Settings (the way to Logout) always fit.
 */
export function TopBar(props: { loggedIn: boolean; onAuthPage: boolean; onMenu?: () => void }) {
  const { deployment_name, support_url } = usePublicConfig();
  const darkMode = usePreference('darkMode') ?? false;
  const alerts = useAlertCount();
  const badge = bellBadge(alerts);
  const navigate = useNavigate();
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const toggleDarkMode = () => preferences.set('darkMode', !darkMode);

  return (
    <AppBar position="fixed" color="primary" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 0.5 }}>
        {props.onMenu && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            onClick={props.onMenu}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            variant="h6"
            component={Link}
            to={paths.home.getHref()}
            noWrap
            sx={{
              display: 'inline-block',
              maxWidth: '100%',
              verticalAlign: 'middle',
              color: 'inherit',
              textDecoration: 'none',
              fontWeight: 700,
            }}
          >
            {deployment_name}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
          {!compact && (
            <BarHint title={darkMode ? 'Use light theme' : 'Use dark theme'}>
              <IconButton
                color="inherit"
                aria-label="Dark mode"
                aria-pressed={darkMode}
                onClick={toggleDarkMode}
              >
                {darkMode ? <LightModeIcon /> : <DarkModeIcon />}
              </IconButton>
            </BarHint>
          )}
          {props.loggedIn && (
            <BarHint title="Alerts">
              <IconButton
                color="inherit"
                aria-label={bellLabel(alerts)}
                onClick={() => alerts.count && navigate(paths.alerts.list.getHref())}
              >
                {badge === null ? (
                  <NotificationsIcon />
                ) : (
                  <Badge badgeContent={badge} color="error">
                    <NotificationsIcon />
                  </Badge>
                )}
              </IconButton>
            </BarHint>
          )}
          {support_url && !compact && (
            <Button color="inherit" href={support_url} target="_blank" rel="noopener noreferrer">
              Support
            </Button>
          )}
          {props.loggedIn && <SettingsMenu />}
          {!props.loggedIn && !props.onAuthPage && (
            <Button
              color="inherit"
              variant="outlined"
              component={Link}
              to={paths.auth.login.getHref()}
              sx={{ whiteSpace: 'nowrap' }}
            >
              User Login
            </Button>
          )}
          {compact && (
            <MoreMenu darkMode={darkMode} onToggleDarkMode={toggleDarkMode} supportUrl={support_url} />
          )}
        </Box>
      </Toolbar>
    </AppBar>
  );
}
