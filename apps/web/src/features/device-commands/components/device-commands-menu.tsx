import type { DeviceRights } from '@ec/contract/access';
import type { Device } from '@ec/contract/devices';
import { featureLabel } from '@ec/contract/entitlements/capability-catalogue';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useDeviceEntitlements } from '../../../lib/entitlements/get-device-entitlements';
import { useLocalAccess } from '../api/check-local-access';
import { type CommandsMenuItem, canUseCommandsMenu, commandsMenuEntries } from '../logic/menu-entries';

// The menu's list and its dialogs load when the Commands button is first pressed: the page's first view
// does not need them.
const CommandsMenuList = lazy(() =>
  import('./commands-menu-list').then((m) => ({ default: m.CommandsMenuList })),
);
const CommandDialogs = lazy(() => import('./command-dialogs').then((m) => ({ default: m.CommandDialogs })));

function CommandsMenu({ device, rights }: { device: Device; rights: DeviceRights }) {
  const deviceGuid = device.device_guid;
  const buttonId = useId();
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<CommandsMenuItem | null>(null);
  // Once the menu has been opened, its list and dialogs stay mounted (as they were before they loaded
  // lazily).
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
      {opened && (
        <Suspense fallback={null}>
          <CommandsMenuList
            id={menuId}
            buttonId={buttonId}
            anchor={anchor}
            entries={entries}
            deviceIp={device.device_ip}
            onClose={() => setAnchor(null)}
            onChoose={open}
          />
        </Suspense>
      )}
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
