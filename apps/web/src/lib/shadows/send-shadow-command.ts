import { type ShadowCommandsBody, shadowOperations } from '@ec/contract/shadows';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../api-client';

/** POST /devices/{device_guid}/shadows/commands: a get or set command; answers a command_guid per shadow. */
export const sendShadowCommand = (input: { deviceGuid: string; body: ShadowCommandsBody }) =>
  callOperation(shadowOperations.sendCommands, {
    params: { device_guid: input.deviceGuid },
    body: input.body,
  });

export const useSendShadowCommand = () => useMutation({ mutationFn: sendShadowCommand });
