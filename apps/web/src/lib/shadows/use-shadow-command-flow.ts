import type { ShadowCommandsBody, ShadowName } from '@ec/contract/shadows';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryRoots } from '../query-keys';
import { useSession } from '../session/session-store';
import { COMMAND_TIMEOUT_MS, type CommandOutcome, commandOutcome } from './command-outcome';
import { useShadowCommand } from './get-shadow-command';
import { useSendShadowCommand } from './send-shadow-command';
import { shadowKeys } from './shadow-keys';

/** Spec 3 §9: after a successful command the shadow is refetched one second later. */
export const REFETCH_AFTER_SUCCESS_MS = 1000;

interface Tracked {
  commandGuid: string;
  type: ShadowCommandsBody['command_type'];
  sentState: Record<string, unknown> | null;
}

export type SettledOutcome = Exclude<CommandOutcome, { kind: 'pending' }> & { type: Tracked['type'] };

/**
 * The shadow command flow (spec 3 §4.2): send a get or set, follow the command (polled every 2 s
 * for at most 10 attempts, refreshed at once by live events), then settle: refetch the shadow, and
 * report success, failure or timeout.
 */
export function useShadowCommandFlow(input: { deviceGuid: string; shadowName: ShadowName; online: boolean }) {
  const { deviceGuid, shadowName, online } = input;
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  const send = useSendShadowCommand();
  const [tracked, setTracked] = useState<Tracked | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const [settled, setSettled] = useState<SettledOutcome | null>(null);
  const [settledCount, setSettledCount] = useState(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const command = useShadowCommand(deviceGuid, tracked?.commandGuid ?? null, Boolean(tracked) && !timedOut);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  useEffect(() => {
    if (!tracked) return;
    setTimedOut(false);
    const timer = setTimeout(() => setTimedOut(true), COMMAND_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [tracked]);

  const outcome: CommandOutcome | null = !tracked
    ? null
    : command.isError && !command.data
      ? { kind: 'failed', message: command.error.message, differences: [] }
      : commandOutcome({ command: command.data, timedOut, online, sentState: tracked.sentState });

  const refetchShadow = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: shadowKeys.shadow(orgGuid, deviceGuid, shadowName) });
    void queryClient.invalidateQueries({ queryKey: queryRoots.device(orgGuid, deviceGuid), exact: true });
  }, [queryClient, orgGuid, deviceGuid, shadowName]);

  useEffect(() => {
    if (!tracked || !outcome || outcome.kind === 'pending') return;
    setSettled({ ...outcome, type: tracked.type });
    setSettledCount((count) => count + 1);
    setTracked(null);
    if (outcome.kind === 'succeeded')
      timers.current.push(setTimeout(refetchShadow, REFETCH_AFTER_SUCCESS_MS));
    else refetchShadow();
  }, [tracked, outcome, refetchShadow]);

  const start = useCallback(
    async (body: ShadowCommandsBody) => {
      setSettled(null);
      const answer = await send.mutateAsync({ deviceGuid, body });
      const commandGuid = answer.commands.find((c) => c.shadow_name === shadowName)?.command_guid;
      if (!commandGuid) throw new Error('The server did not return a command for this shadow');
      const first = body.commands[0];
      setTracked({
        commandGuid,
        type: body.command_type,
        sentState: first && 'state' in first ? first.state : null,
      });
    },
    [send, deviceGuid, shadowName],
  );

  return {
    start,
    /** A command is in flight: the device has not acknowledged it yet. */
    pending: tracked !== null || send.isPending,
    pendingType: tracked?.type ?? null,
    sendError: send.error,
    settled,
    /** Increases each time a command settles, for effects that react to it. */
    settledCount,
    dismiss: () => setSettled(null),
  };
}
