import { useQuery } from '@tanstack/react-query';
import { deviceStateQueryOptions } from '../../../lib/devices/get-device-state';
import { useSession } from '../../../lib/session/session-store';

/** Spec 2 §2.5: device state is synced every 5 to 10 s; a dialog that shows some of it does so while open. */
const DIALOG_STATE_SYNC_MS = 5000;

/** The device's state (storage devices, ADB port, password flag) for a dialog, read while it is open. */
export function useDialogDeviceState(deviceGuid: string, open: boolean) {
  const { orgGuid } = useSession();
  return useQuery({
    ...deviceStateQueryOptions(orgGuid, deviceGuid),
    enabled: open,
    refetchInterval: open ? DIALOG_STATE_SYNC_MS : false,
  });
}
