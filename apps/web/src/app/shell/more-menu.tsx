import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';

// The menus load on first open (or when the pointer or focus reaches their button).
const loadMenus = () => import('./top-bar-menus');
const MoreMenuList = lazy(() => loadMenus().then((m) => ({ default: m.MoreMenuList })));

/**
 * The top bar's overflow menu on small screens: the theme switch and the Support link, which do not
 * fit beside the bell and the Settings menu on a phone.
 */
export function MoreMenu(props: { darkMode: boolean; onToggleDarkMode: () => void; supportUrl: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="More"
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
        <MoreVertIcon />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <MoreMenuList
            id={menuId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            darkMode={props.darkMode}
            onToggleDarkMode={() => {
              setAnchor(null);
              props.onToggleDarkMode();
            }}
            supportUrl={props.supportUrl}
          />
        </Suspense>
      )}
    </>
  );
}
