import type { LiveEvent } from '@ec/contract/live';
import { useCallback, useSyncExternalStore } from 'react';

/** The most lines a log view keeps; older ones scroll away. */
export const MAX_LOG_LINES = 1000;
const EMPTY: readonly string[] = [];

/**
 * The log lines received on the live channel, per log session, in memory only: the live event handler
 * puts each `device.docker_logs` here and the log view reads its session's.
 */
const sessions = new Map<string, readonly string[]>();
const listeners = new Set<() => void>();

export const dockerLogStore = {
  receive(event: Extract<LiveEvent, { type: 'device.docker_logs' }>) {
    const lines = [...(sessions.get(event.session_id) ?? EMPTY), ...event.lines];
    sessions.set(event.session_id, lines.slice(-MAX_LOG_LINES));
    for (const listener of listeners) listener();
  },
  lines(sessionId: string): readonly string[] {
    return sessions.get(sessionId) ?? EMPTY;
  },
  forget(sessionId: string) {
    sessions.delete(sessionId);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The lines of one log session, re-rendering as more arrive. */
export function useLogLines(sessionId: string): readonly string[] {
  const getSnapshot = useCallback(() => dockerLogStore.lines(sessionId), [sessionId]);
  return useSyncExternalStore(dockerLogStore.subscribe, getSnapshot, getSnapshot);
}
