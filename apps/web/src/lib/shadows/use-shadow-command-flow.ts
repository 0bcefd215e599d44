import type { ShadowCommandsBody, ShadowName } from '@ec/contract/shadows';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { queryRoots } from '../query-keys';
import { useSession } from '../session/session-store';
import { COMMAND_TIMEOUT_MS, type CommandOutcome, commandOutcome } from './command-outcome';
import { useShadowCommand } from './get-shadow-command';
import { useSendShadowCommand } from './send-shadow-command';
import { shadowKeys } from './shadow-keys';

interface Tracked {
  commandGuid: string;
  type: ShadowCommandsBody['command_type'];
  sentState: Record<string, unknown> | null;
}

export type SettledOutcome = Exclude<CommandOutcome, { kind: 'pending' }> & { type: Tracked['type'] };

/**
 * The shadow command flow (spec 3 §4.2): send a get or set, follow the command, then report success,
 * failure or timeout.
 *
 * The live channel is how the answer arrives: `shadow.command` refreshes the command and
 * `shadow.reported` the document, and a reconnection refreshes everything the page holds. The one
 * fallback is a single read of the command and the shadow when the acknowledgement window ends
 * without an answer, before the page says the device did not acknowledge (or is offline). We chose it
 * over polling while the channel is down because it also covers an answer lost while the channel
 * looked connected, needs no knowledge of the channel's state, and costs one request per save.
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
  const command = useShadowCommand(deviceGuid, tracked?.commandGuid ?? null);

  const readOnce = useCallback(
    (commandGuid: string) =>
      Promise.all([
        queryClient.refetchQueries({ queryKey: shadowKeys.command(orgGuid, deviceGuid, commandGuid) }),
        queryClient.invalidateQueries({ queryKey: shadowKeys.shadow(orgGuid, deviceGuid, shadowName) }),
        queryClient.invalidateQueries({ queryKey: queryRoots.device(orgGuid, deviceGuid), exact: true }),
      ]),
    [queryClient, orgGuid, deviceGuid, shadowName],
  );

  useEffect(() => {
    if (!tracked) return;
    setTimedOut(false);
    let current = true;
    const timer = setTimeout(() => {
      void readOnce(tracked.commandGuid).finally(() => {
        if (current) setTimedOut(true);
      });
    }, COMMAND_TIMEOUT_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [tracked, readOnce]);

  const outcome: CommandOutcome | null = !tracked
    ? null
    : command.isError && !command.data
      ? { kind: 'failed', message: command.error.message, differences: [] }
      : commandOutcome({
          command: command.data ?? undefined,
          timedOut,
          online,
          sentState: tracked.sentState,
        });

  useEffect(() => {
    if (!tracked || !outcome || outcome.kind === 'pending') return;
    setSettled({ ...outcome, type: tracked.type });
    setSettledCount((count) => count + 1);
    setTracked(null);
  }, [tracked, outcome]);

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
