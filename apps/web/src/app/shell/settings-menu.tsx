import { isPlatformAdmin } from '@ec/contract/access';
import SettingsIcon from '@mui/icons-material/Settings';
import Badge from '@mui/material/Badge';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { usePendingInviteCount } from '../../features/invites/api/get-my-invites';
import { usePublicConfig } from '../../lib/app-config';
import { redirectTarget } from '../../lib/redirect';
import { useSessionUser } from '../../lib/session/get-session-user';
import { logout } from '../../lib/session/sign-out';

/** Settings menu (spec 1 §2.2): account, organizations, cache reset for admins in debug mode, logout. */
export function SettingsMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { debug } = usePublicConfig();
  const user = useSessionUser();
  const admin = isPlatformAdmin(user.data?.user.groups ?? []);
  const pendingInvites = usePendingInviteCount();

  const go = (to: string) => {
    setAnchor(null);
    navigate(to);
  };

  return (
    <>
      <Tooltip title="Settings">
        <IconButton
          color="inherit"
          aria-label="Settings"
          aria-controls={anchor ? menuId : undefined}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => go(paths.account.getHref())}>Manage Account</MenuItem>
        <MenuItem
          onClick={() =>
            go(paths.auth.organizations.getHref(redirectTarget(location.pathname + location.search)))
          }
        >
          <Badge
            badgeContent={pendingInvites}
            color="error"
            slotProps={{ badge: { 'aria-label': `${pendingInvites} pending invites` } }}
            sx={{ '& .MuiBadge-badge': { right: -12 } }}
          >
            Switch Organization
          </Badge>
        </MenuItem>
        <MenuItem onClick={() => go(paths.orgs.list.getHref())}>My Organizations</MenuItem>
        {admin && debug && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void queryClient.resetQueries();
            }}
          >
            Reset Caches
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={async () => {
            setAnchor(null);
            await logout(queryClient);
            navigate(paths.auth.login.getHref(), { replace: true });
          }}
        >
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
