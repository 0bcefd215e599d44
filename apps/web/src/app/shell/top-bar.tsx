import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/Notifications';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { usePublicConfig } from '../../lib/app-config';
import { preferences, usePreference } from '../../lib/preferences';
import { SettingsMenu } from './settings-menu';
import { useAlertCount } from './use-alert-count';

export function TopBar(props: { loggedIn: boolean; onAuthPage: boolean; onMenu?: () => void }) {
  const { deployment_name, support_url } = usePublicConfig();
  const darkMode = usePreference('darkMode') ?? false;
  const alerts = useAlertCount();
  const navigate = useNavigate();

  return (
    <AppBar position="fixed" color="primary" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar>
        {props.onMenu && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            onClick={props.onMenu}
            sx={{ mr: 1, display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Typography
          variant="h6"
          component={Link}
          to={paths.home.getHref()}
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            fontWeight: 700,
            flexGrow: 1,
            whiteSpace: 'nowrap',
          }}
        >
          {deployment_name}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Tooltip title={darkMode ? 'Use light theme' : 'Use dark theme'}>
            <IconButton
              color="inherit"
              aria-label="Dark mode"
              aria-pressed={darkMode}
              onClick={() => preferences.set('darkMode', !darkMode)}
            >
              {darkMode ? <LightModeIcon /> : <DarkModeIcon />}
            </IconButton>
          </Tooltip>
          {props.loggedIn && (
            <Tooltip title="Alerts">
              <IconButton
                color="inherit"
                aria-label={`Alerts: ${alerts.failed ? 'unavailable' : alerts.count}`}
                onClick={() => alerts.count > 0 && navigate(paths.alerts.list.getHref())}
              >
                <Badge badgeContent={alerts.failed ? '!' : alerts.count} color="error" showZero>
                  <NotificationsIcon />
                </Badge>
              </IconButton>
            </Tooltip>
          )}
          {support_url && (
            <Button color="inherit" href={support_url} target="_blank" rel="noopener noreferrer">
              Support
            </Button>
          )}
          {props.loggedIn && <SettingsMenu />}
          {!props.loggedIn && !props.onAuthPage && (
            <Button color="inherit" variant="outlined" component={Link} to={paths.auth.login.getHref()}>
              User Login
            </Button>
          )}
        </Box>
      </Toolbar>
    </AppBar>
  );
}
