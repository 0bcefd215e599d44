import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Fragment } from 'react';
import { localAddress } from '../api/check-local-access';
import type { CommandsMenuEntry, CommandsMenuItem } from '../logic/menu-entries';

/** Items after which the menu draws a line: device commands, then the local UI and container, then the cloud's notes. */
const GROUP_ENDS: readonly CommandsMenuItem[] = ['reboot', 'update_container'];

/**
 * The Commands menu's list, open while `anchor` is set: a module of its own (MUI's Menu brings Popover
 * and Modal), loaded when the Commands button is first pressed.
 */
export function CommandsMenuList(props: {
  id: string;
  buttonId: string;
  anchor: HTMLElement | null;
  entries: CommandsMenuEntry[];
  deviceIp: string | null | undefined;
  onClose: () => void;
  onChoose: (item: CommandsMenuItem) => void;
}) {
  const { deviceIp, onClose } = props;
  const renderEntry = (entry: CommandsMenuEntry) => {
    if (entry.item === 'manage' && !entry.disabledReason && deviceIp) {
      return (
        <MenuItem
          component="a"
          href={localAddress(deviceIp)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onClose}
        >
          <ListItemText primary={entry.label} secondary="Opens the device's local page in a new tab" />
          <ListItemIcon sx={{ justifyContent: 'flex-end' }}>
            <OpenInNewIcon fontSize="small" />
          </ListItemIcon>
        </MenuItem>
      );
    }
    return (
      <MenuItem disabled={entry.disabledReason !== null} onClick={() => props.onChoose(entry.item)}>
        <ListItemText
          primary={entry.label}
          secondary={entry.disabledReason}
          slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
        />
      </MenuItem>
    );
  };

  return (
    <Menu
      id={props.id}
      anchorEl={props.anchor}
      open={props.anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        list: { 'aria-labelledby': props.buttonId, disabledItemsFocusable: true, dense: true },
        paper: { sx: { maxWidth: 'min(360px, calc(100vw - 32px))' } },
      }}
    >
      {props.entries.map((entry) => (
        <Fragment key={entry.item}>
          {renderEntry(entry)}
          {GROUP_ENDS.includes(entry.item) && <Divider />}
        </Fragment>
      ))}
    </Menu>
  );
}
