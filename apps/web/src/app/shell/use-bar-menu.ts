import { type MouseEvent, useId, useState } from 'react';

/** The top bar's menus, loaded on first open (or when the pointer or focus reaches their button). */
export const loadBarMenus = () => import('./top-bar-menus');

/**
 * A top-bar button that opens a menu loaded on demand: the open state, the menu's id, and the
 * button's props (name, ARIA wiring, preloading, opening).
 */
export function useBarMenu(label: string) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  return {
    anchor,
    /** True once the menu was first opened: it stays mounted for its closing animation. */
    opened,
    menuId,
    close: () => setAnchor(null),
    buttonProps: {
      'aria-label': label,
      'aria-controls': anchor ? menuId : undefined,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': anchor ? ('true' as const) : undefined,
      onPointerEnter: () => void loadBarMenus(),
      onFocus: () => void loadBarMenus(),
      onClick: (event: MouseEvent<HTMLElement>) => {
        setAnchor(event.currentTarget);
        setOpened(true);
      },
    },
  };
}
