import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

/**
 * The top bar's overflow menu on small screens: the theme switch and the Support link, which do not
 * fit beside the bell and the Settings menu on a phone.
 */
export function MoreMenu(props: { darkMode: boolean; onToggleDarkMode: () => void; supportUrl: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="More"
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            props.onToggleDarkMode();
          }}
        >
          <ListItemIcon>{props.darkMode ? <LightModeIcon /> : <DarkModeIcon />}</ListItemIcon>
          <ListItemText>{props.darkMode ? 'Use light theme' : 'Use dark theme'}</ListItemText>
        </MenuItem>
        {props.supportUrl && (
          <MenuItem
            component="a"
            href={props.supportUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>
              <OpenInNewIcon />
            </ListItemIcon>
            <ListItemText>Support</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
