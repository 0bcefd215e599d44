import {
  COMMAND_ACCEPTED_MESSAGE,
  CONTAINER_COMMAND_MAX_ATTEMPTS,
  CONTAINER_COMMAND_POLL_MS,
  CONTAINER_LIST_REFRESH_AFTER_MS,
} from '@ec/contract/device-docker';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isProcessing } from '../../../lib/device-commands/command-progress';
import { useDeviceCommand } from '../../../lib/device-commands/use-device-command';
import { useSession } from '../../../lib/session/session-store';
import { dockerKeys } from '../api/docker-keys';

const CONTAINER_TIMING = {
  pollMs: CONTAINER_COMMAND_POLL_MS,
  maxAttempts: CONTAINER_COMMAND_MAX_ATTEMPTS,
  acceptedMessage: COMMAND_ACCEPTED_MESSAGE,
};

/**
 * The container command flow (spec 3 §4.4): 'Command Accepted' once sent, polled every 5 s up to 50
 * times ('No command response in 250 seconds...'), its result's message, and the lists read again 5 s
 * after it finishes.
 */
export function useContainerCommand(deviceGuid: string) {
  const command = useDeviceCommand(deviceGuid, CONTAINER_TIMING);
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  const status = command.progress?.status;
  const over = Boolean(status) && !isProcessing(status);
  useEffect(() => {
    if (!over) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: dockerKeys.all(orgGuid, deviceGuid) }),
      CONTAINER_LIST_REFRESH_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [over, queryClient, orgGuid, deviceGuid]);
  return command;
}
