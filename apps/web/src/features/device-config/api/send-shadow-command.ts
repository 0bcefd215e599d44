import { type ShadowCommandsBody, shadowCommandsResponseSchema } from '@ec/contract/shadows';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /devices/{device_guid}/shadows/commands: a get or set command; answers a command_guid per shadow. */
export const sendShadowCommand = (input: { deviceGuid: string; body: ShadowCommandsBody }) =>
  api.post(
    `/devices/${encodeURIComponent(input.deviceGuid)}/shadows/commands`,
    shadowCommandsResponseSchema,
    {
      body: input.body,
    },
  );

export const useSendShadowCommand = () => useMutation({ mutationFn: sendShadowCommand });
