import { isPlatformAdmin } from '@ec/contract/access';
import SettingsIcon from '@mui/icons-material/Settings';
import IconButton from '@mui/material/IconButton';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { usePendingInviteCount } from '../../features/invites/api/get-my-invites';
import { usePublicConfig } from '../../lib/app-config';
import { redirectTarget } from '../../lib/redirect';
import { useSessionUser } from '../../lib/session/get-session-user';
import { logout } from '../../lib/session/sign-out';
import { BarHint } from './bar-hint';
import { loadBarMenus, useBarMenu } from './use-bar-menu';

const SettingsMenuList = lazy(() => loadBarMenus().then((m) => ({ default: m.SettingsMenuList })));

/** Settings menu (spec 1 §2.2): account, organizations, cache reset for admins in debug mode, logout. */
export function SettingsMenu() {
  const menu = useBarMenu('Settings');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { debug } = usePublicConfig();
  const user = useSessionUser();
  const admin = isPlatformAdmin(user.data?.user.groups ?? []);
  const pendingInvites = usePendingInviteCount();

  const go = (to: string) => {
    menu.close();
    navigate(to);
  };

  return (
    <>
      <BarHint title="Settings">
        <IconButton color="inherit" {...menu.buttonProps}>
          <SettingsIcon />
        </IconButton>
      </BarHint>
      {menu.opened && (
        <Suspense fallback={null}>
          <SettingsMenuList
            id={menu.menuId}
            anchor={menu.anchor}
            onClose={menu.close}
            pendingInvites={pendingInvites}
            onManageAccount={() => go(paths.account.getHref())}
            onSwitchOrganization={() =>
              go(paths.auth.organizations.getHref(redirectTarget(location.pathname + location.search)))
            }
            onMyOrganizations={() => go(paths.orgs.list.getHref())}
            onResetCaches={
              admin && debug
                ? () => {
                    menu.close();
                    void queryClient.resetQueries();
                  }
                : undefined
            }
            onLogout={async () => {
              menu.close();
              await logout(queryClient);
              navigate(paths.auth.login.getHref(), { replace: true });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
