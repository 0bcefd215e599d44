import { deviceOperations } from '@ec/contract/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { getDevices } from '../../../lib/devices/get-devices';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';

/** The guid of the organization's device with exactly this serial number. */
export async function findDeviceGuidBySerial(serial: string): Promise<string> {
  const { devices } = await getDevices({ serial_number: serial, pagination_size: 50 });
  const match = devices.find((device) => device.serial_number.toLowerCase() === serial.trim().toLowerCase());
  if (!match) throw new Error(`No device with serial number ${serial} in this organization`);
  return match.device_guid;
}

/** DELETE /devices/{device_guid} with {reason}: the device leaves the organization. */
export async function forgetDevice(input: { serial: string; deviceGuid?: string; reason: string }) {
  const deviceGuid = input.deviceGuid ?? (await findDeviceGuidBySerial(input.serial));
  await callOperation(deviceOperations.forget, {
    params: { device_guid: deviceGuid },
    body: { reason: input.reason },
  });
  return deviceGuid;
}

export function useForgetDevice() {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: forgetDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.devices(orgGuid) }),
  });
}
