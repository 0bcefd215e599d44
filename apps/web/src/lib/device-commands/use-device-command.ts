import {
  DEVICE_COMMAND_POLL_MS,
  DEVICE_COMMAND_TIMEOUT_MS,
  type DeviceCommandName,
  type DeviceCommandRequest,
} from '@ec/contract/device-commands';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseErrorText } from '../api-error';
import { queryRoots } from '../query-keys';
import { useSession } from '../session/session-store';
import { type CommandProgress, commandProgress, isProcessing, noCommandResponse } from './command-progress';
import { useDeviceCommandPoll } from './get-device-command';
import { sendDeviceCommand } from './send-device-command';

interface Run {
  command: DeviceCommandName;
  commandGuid: string | null;
  error: string | null;
}

/** How a flow follows its commands: the device page's every 2 s up to 100 times (spec 2 §4.5), or its own. */
export interface CommandTiming {
  pollMs: number;
  maxAttempts: number;
  /** What the status says while the device works on it, when the flow has its own words. */
  acceptedMessage?: string;
}
const DEVICE_PAGE_TIMING: CommandTiming = {
  pollMs: DEVICE_COMMAND_POLL_MS,
  maxAttempts: DEVICE_COMMAND_TIMEOUT_MS / DEVICE_COMMAND_POLL_MS,
};

/**
 * One command at a time from a dialog (spec 2 §4.5): issued, accepted with its guid, polled every 2 s
 * for at most 100 attempts (or as `timing` says), then complete, failed, rejected or error. Once it is
 * over, the device's state and record are read again (the storage list, ADB, the password flag, last
 * boot follow).
 */
export function useDeviceCommand(deviceGuid: string, timing: CommandTiming = DEVICE_PAGE_TIMING) {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  const [run, setRun] = useState<Run | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const poll = useDeviceCommandPoll(deviceGuid, run?.commandGuid ?? null, !timedOut, timing.pollMs);
  const timeoutMs = timing.pollMs * timing.maxAttempts;
  const commandGuid = run?.commandGuid ?? null;

  useEffect(() => {
    if (!commandGuid) return;
    setTimedOut(false);
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [commandGuid, timeoutMs]);

  const progress: CommandProgress | null = run
    ? commandProgress({
        command: run.command,
        sent: run.error
          ? { kind: 'failed', error: run.error }
          : run.commandGuid
            ? { kind: 'accepted' }
            : { kind: 'pending' },
        polled: poll.data?.command_guid === run.commandGuid ? poll.data : undefined,
        pollError: poll.error ? parseErrorText(poll.error) : null,
        timedOut,
        words: { timeout: noCommandResponse(timeoutMs / 1000), accepted: timing.acceptedMessage },
      })
    : null;
  const processing = isProcessing(progress?.status);

  // Once a sent command is over, what it changed is read again.
  const finished = run?.commandGuid && progress && !processing ? run.commandGuid : null;
  const refreshed = useRef<string | null>(null);
  useEffect(() => {
    if (!finished || refreshed.current === finished) return;
    refreshed.current = finished;
    void queryClient.invalidateQueries({ queryKey: [...queryRoots.device(orgGuid, deviceGuid), 'state'] });
    void queryClient.invalidateQueries({ queryKey: queryRoots.device(orgGuid, deviceGuid), exact: true });
  }, [finished, queryClient, orgGuid, deviceGuid]);

  /** Follows a command another call sends (POST .../logs answers a command guid too). */
  const track = useCallback(
    async (command: DeviceCommandName, send: () => Promise<{ command_guid: string }>) => {
      setRun({ command, commandGuid: null, error: null });
      setTimedOut(false);
      try {
        const { command_guid } = await send();
        setRun({ command, commandGuid: command_guid, error: null });
      } catch (error) {
        setRun({ command, commandGuid: null, error: parseErrorText(error) });
      }
    },
    [],
  );

  const start = useCallback(
    (request: DeviceCommandRequest) =>
      track(request.command, () => sendDeviceCommand({ deviceGuid, request })),
    [track, deviceGuid],
  );

  return {
    progress,
    /** A command is on its way or being polled: nothing else is sent, the status stays. */
    processing,
    start,
    track,
    /** Clears a finished status (spec 2 §4.5: only when idle). */
    reset: useCallback(() => {
      if (!processing) setRun(null);
    }, [processing]),
  };
}
