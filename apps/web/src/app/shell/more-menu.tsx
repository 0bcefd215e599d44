import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense } from 'react';
import { loadBarMenus, useBarMenu } from './use-bar-menu';

const MoreMenuList = lazy(() => loadBarMenus().then((m) => ({ default: m.MoreMenuList })));

/**
 * The top bar's overflow menu on small screens: the theme switch and the Support link, which do not
 * fit beside the bell and the Settings menu on a phone.
 */
export function MoreMenu(props: { darkMode: boolean; onToggleDarkMode: () => void; supportUrl: string }) {
  const menu = useBarMenu('More');
  return (
    <>
      <IconButton color="inherit" {...menu.buttonProps}>
        <MoreVertIcon />
      </IconButton>
      {menu.opened && (
        <Suspense fallback={null}>
          <MoreMenuList
            id={menu.menuId}
            anchor={menu.anchor}
            onClose={menu.close}
            darkMode={props.darkMode}
            onToggleDarkMode={() => {
              menu.close();
              props.onToggleDarkMode();
            }}
            supportUrl={props.supportUrl}
          />
        </Suspense>
      )}
    </>
  );
}
