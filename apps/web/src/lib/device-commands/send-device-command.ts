import { type DeviceCommandRequest, deviceCommandOperations } from '@ec/contract/device-commands';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../api-client';

/** POST /devices/{device_guid}/commands: answers the command's guid (spec 2 §4.5, §7). */
export const sendDeviceCommand = (input: { deviceGuid: string; request: DeviceCommandRequest }) =>
  callOperation(deviceCommandOperations.send, {
    params: { device_guid: input.deviceGuid },
    body: input.request,
  });

export const useSendDeviceCommand = () => useMutation({ mutationFn: sendDeviceCommand });
