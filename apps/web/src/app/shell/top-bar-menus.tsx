import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Badge from '@mui/material/Badge';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

// The top bar's menus, loaded on first open: Menu and its Popover stay out of the first load.

interface MenuProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

export function SettingsMenuList(
  props: MenuProps & {
    pendingInvites: number;
    onManageAccount: () => void;
    onSwitchOrganization: () => void;
    onMyOrganizations: () => void;
    /** Only for platform admins in debug mode. */
    onResetCaches?: () => void;
    onLogout: () => void;
  },
) {
  return (
    <Menu id={props.id} anchorEl={props.anchor} open={Boolean(props.anchor)} onClose={props.onClose}>
      <MenuItem onClick={props.onManageAccount}>Manage Account</MenuItem>
      <MenuItem onClick={props.onSwitchOrganization}>
        <Badge
          badgeContent={props.pendingInvites}
          color="error"
          slotProps={{ badge: { 'aria-label': `${props.pendingInvites} pending invites` } }}
          sx={{ '& .MuiBadge-badge': { right: -12 } }}
        >
          Switch Organization
        </Badge>
      </MenuItem>
      <MenuItem onClick={props.onMyOrganizations}>My Organizations</MenuItem>
      {props.onResetCaches && <MenuItem onClick={props.onResetCaches}>Reset Caches</MenuItem>}
      <Divider />
      <MenuItem onClick={props.onLogout}>Logout</MenuItem>
    </Menu>
  );
}

export function MoreMenuList(
  props: MenuProps & { darkMode: boolean; onToggleDarkMode: () => void; supportUrl: string },
) {
  return (
    <Menu id={props.id} anchorEl={props.anchor} open={Boolean(props.anchor)} onClose={props.onClose}>
      <MenuItem onClick={props.onToggleDarkMode}>
        <ListItemIcon>{props.darkMode ? <LightModeIcon /> : <DarkModeIcon />}</ListItemIcon>
        <ListItemText>{props.darkMode ? 'Use light theme' : 'Use dark theme'}</ListItemText>
      </MenuItem>
      {props.supportUrl && (
        <MenuItem
          component="a"
          href={props.supportUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={props.onClose}
        >
          <ListItemIcon>
            <OpenInNewIcon />
          </ListItemIcon>
          <ListItemText>Support</ListItemText>
        </MenuItem>
      )}
    </Menu>
  );
}
