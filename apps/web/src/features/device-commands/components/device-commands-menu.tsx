import type { DeviceRights } from '@ec/contract/access';
import type { Device } from '@ec/contract/devices';
import { featureLabel } from '@ec/contract/entitlements/capability-catalogue';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Fragment, lazy, Suspense, useId, useRef, useState } from 'react';
import { useDeviceEntitlements } from '../../../lib/entitlements/get-device-entitlements';
import { localAddress, useLocalAccess } from '../api/check-local-access';
import {
  type CommandsMenuEntry,
  type CommandsMenuItem,
  canUseCommandsMenu,
  commandsMenuEntries,
} from '../logic/menu-entries';

// The dialogs load with the first opening of the menu: the page's first view does not need them.
const CommandDialogs = lazy(() => import('./command-dialogs').then((m) => ({ default: m.CommandDialogs })));

/** Items after which the menu draws a line: device commands, then the local UI and container, then the cloud's notes. */
const GROUP_ENDS: readonly CommandsMenuItem[] = ['reboot', 'update_container'];

function CommandsMenu({ device, rights }: { device: Device; rights: DeviceRights }) {
  const deviceGuid = device.device_guid;
  const buttonId = useId();
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<CommandsMenuItem | null>(null);
  // Once the menu has been opened, its dialogs stay mounted (as they were before they loaded lazily).
  const [opened, setOpened] = useState(false);
  const entitlements = useDeviceEntitlements(deviceGuid);
  const localAccess = useLocalAccess(device.device_ip, anchor !== null && device.online);

  const entries = commandsMenuEntries({
    rights,
    entitlements: entitlements.data?.properties ?? null,
    cloudVersion: device.cloud_version,
    online: device.online,
    localAccess: device.online ? localAccess : 'unreachable',
    featureLabel: (feature) => featureLabel(entitlements.data?.product_name ?? device.product_name, feature),
  });
  const reasonOf = (item: CommandsMenuItem) =>
    entries.find((entry) => entry.item === item)?.disabledReason ?? null;

  const open = (item: CommandsMenuItem) => {
    setAnchor(null);
    setDialog(item);
  };
  const closeDialog = () => {
    setDialog(null);
    // The item that opened the dialog is gone: the focus goes back to the Commands button.
    requestAnimationFrame(() => button.current?.focus());
  };
  const renderEntry = (entry: CommandsMenuEntry) => {
    if (entry.item === 'manage' && !entry.disabledReason && device.device_ip) {
      return (
        <MenuItem
          component="a"
          href={localAddress(device.device_ip)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => setAnchor(null)}
        >
          <ListItemText primary={entry.label} secondary="Opens the device's local page in a new tab" />
          <ListItemIcon sx={{ justifyContent: 'flex-end' }}>
            <OpenInNewIcon fontSize="small" />
          </ListItemIcon>
        </MenuItem>
      );
    }
    return (
      <MenuItem disabled={entry.disabledReason !== null} onClick={() => open(entry.item)}>
        <ListItemText
          primary={entry.label}
          secondary={entry.disabledReason}
          slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
        />
      </MenuItem>
    );
  };

  return (
    <>
      <Button
        ref={button}
        id={buttonId}
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
      >
        Commands
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-labelledby': buttonId, disabledItemsFocusable: true, dense: true },
          paper: { sx: { maxWidth: 'min(360px, calc(100vw - 32px))' } },
        }}
      >
        {entries.map((entry) => (
          <Fragment key={entry.item}>
            {renderEntry(entry)}
            {GROUP_ENDS.includes(entry.item) && <Divider />}
          </Fragment>
        ))}
      </Menu>

      {opened && (
        <Suspense fallback={null}>
          <CommandDialogs device={device} dialog={dialog} onClose={closeDialog} reasonOf={reasonOf} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The device page's Commands menu (spec 2 §2.5, §4.7-4.8): for people who may control the device,
 * each item opening its dialog, or disabled with the reason (rights, licence, cloud agent, offline).
 */
export function DeviceCommandsMenu(props: { device: Device; rights: DeviceRights }) {
  if (!canUseCommandsMenu(props.rights)) return null;
  return <CommandsMenu {...props} />;
}
