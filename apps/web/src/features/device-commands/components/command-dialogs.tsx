import type { Device } from '@ec/contract/devices';
import type { CommandsMenuItem } from '../logic/menu-entries';
import { AdbDialog } from './adb-dialog';
import { ConfirmedCommandDialog } from './confirmed-command-dialog';
import { DownloadLogsDialog } from './download-logs-dialog';
import { MetadataDialog } from './metadata-dialog';
import { OutputControlDialog } from './output-control-dialog';
import { StorageDevicesDialog } from './storage-devices-dialog';
import { UiPasswordDialog } from './ui-password-dialog';
import { UpdateContainerDialog } from './update-container-dialog';

/**
 * The Commands menu's dialogs, each open while `dialog` names it: a module of its own, loaded when the
 * menu is first opened.
 */
export function CommandDialogs({
  device,
  dialog,
  onClose,
  reasonOf,
}: {
  device: Device;
  dialog: CommandsMenuItem | null;
  onClose: () => void;
  reasonOf: (item: CommandsMenuItem) => string | null;
}) {
  const dialogProps = (item: CommandsMenuItem) => ({
    deviceGuid: device.device_guid,
    open: dialog === item,
    onClose,
  });
  return (
    <>
      <OutputControlDialog {...dialogProps('output_control')} disabledReason={reasonOf('output_control')} />
      <DownloadLogsDialog {...dialogProps('logs')} serialNumber={device.serial_number} />
      <AdbDialog {...dialogProps('adb')} />
      <StorageDevicesDialog {...dialogProps('storage')} />
      <UiPasswordDialog {...dialogProps('ui_password')} />
      <ConfirmedCommandDialog kind="reset" {...dialogProps('reset')} />
      <ConfirmedCommandDialog kind="reboot" {...dialogProps('reboot')} />
      <UpdateContainerDialog {...dialogProps('update_container')} />
      <MetadataDialog kind="metadata" metadata={device.metadata} {...dialogProps('metadata')} />
      <MetadataDialog kind="note" metadata={device.metadata} {...dialogProps('note')} />
    </>
  );
}
