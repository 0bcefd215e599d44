import { isPlatformAdmin } from '@ec/contract/access';
import SettingsIcon from '@mui/icons-material/Settings';
import IconButton from '@mui/material/IconButton';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { usePendingInviteCount } from '../../features/invites/api/get-my-invites';
import { usePublicConfig } from '../../lib/app-config';
import { redirectTarget } from '../../lib/redirect';
import { useSessionUser } from '../../lib/session/get-session-user';
import { logout } from '../../lib/session/sign-out';
import { BarHint } from './bar-hint';

// The menus load on first open (or when the pointer or focus reaches their button).
const loadMenus = () => import('./top-bar-menus');
const SettingsMenuList = lazy(() => loadMenus().then((m) => ({ default: m.SettingsMenuList })));

/** Settings menu (spec 1 §2.2): account, organizations, cache reset for admins in debug mode, logout. */
export function SettingsMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
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
      <BarHint title="Settings">
        <IconButton
          color="inherit"
          aria-label="Settings"
          aria-controls={anchor ? menuId : undefined}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onPointerEnter={() => void loadMenus()}
          onFocus={() => void loadMenus()}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            setOpened(true);
          }}
        >
          <SettingsIcon />
        </IconButton>
      </BarHint>
      {opened && (
        <Suspense fallback={null}>
          <SettingsMenuList
            id={menuId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            pendingInvites={pendingInvites}
            onManageAccount={() => go(paths.account.getHref())}
            onSwitchOrganization={() =>
              go(paths.auth.organizations.getHref(redirectTarget(location.pathname + location.search)))
            }
            onMyOrganizations={() => go(paths.orgs.list.getHref())}
            onResetCaches={
              admin && debug
                ? () => {
                    setAnchor(null);
                    void queryClient.resetQueries();
                  }
                : undefined
            }
            onLogout={async () => {
              setAnchor(null);
              await logout(queryClient);
              navigate(paths.auth.login.getHref(), { replace: true });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
