import type { DeviceCommandName } from '@ec/contract/device-commands';
import { isUpdateCommand } from '@ec/contract/device-updates';
import { useCallback, useEffect, useId, useState } from 'react';
import { useDeviceCommand } from '../../../lib/device-commands/use-device-command';
import { updateCloudAgent } from '../api/update-cloud-agent';
import { setInFlightUpdate } from '../logic/in-flight-updates';

type UpdateRequest =
  | { command: 'check_for_update' | 'download_update' | 'apply_update' }
  | { command: 'update_cloud' };

/**
 * The update commands of the Updates section, through the Commands menu's flow (issued, accepted,
 * polled, final status): while one is processing, the device counts as updating everywhere on the
 * page (the in-flight store). Check for Update is not an update, so it is not recorded there.
 */
export function useUpdateCommand(deviceGuid: string) {
  const flow = useDeviceCommand(deviceGuid);
  const follower = useId();
  const [command, setCommand] = useState<DeviceCommandName | null>(null);
  const inFlight = flow.processing && command && isUpdateCommand(command) ? command : null;

  useEffect(() => {
    setInFlightUpdate(deviceGuid, follower, inFlight);
  }, [deviceGuid, follower, inFlight]);
  useEffect(() => () => setInFlightUpdate(deviceGuid, follower, null), [deviceGuid, follower]);

  const { start, track } = flow;
  const send = useCallback(
    (request: UpdateRequest) => {
      setCommand(request.command);
      if (request.command === 'update_cloud')
        return track('update_cloud', () => updateCloudAgent(deviceGuid));
      return start({ command: request.command, data: undefined });
    },
    [start, track, deviceGuid],
  );

  return { progress: flow.progress, processing: flow.processing, command, send };
}
