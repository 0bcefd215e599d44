import { DOCKER_LOGS_DEFAULTS, DOCKER_LOGS_TIMING, dockerLogsSubscription } from '@ec/contract/docker-logs';
import { useEffect, useMemo } from 'react';
import { sendDeviceCommand } from '../../../lib/device-commands/send-device-command';
import { useLiveSubscription } from '../../../lib/live-subscriptions';
import { dockerLogStore, useLogLines } from '../api/log-store';

/**
 * A container's live log (spec 3 §4.4): a session of its own followed on the live channel, and a
 * send_docker_logs request 1 s after opening and then every 10 s, each for 15 s and 100 lines. A failed
 * request is only logged; the next one tries again.
 */
export function useContainerLogs(deviceGuid: string, containerId: string, enabled: boolean) {
  const sessionId = useMemo(() => (containerId ? crypto.randomUUID() : ''), [containerId]);
  useLiveSubscription(enabled && sessionId ? dockerLogsSubscription(sessionId) : null);

  useEffect(() => {
    if (!enabled || !sessionId) return;
    const request = () =>
      sendDeviceCommand({
        deviceGuid,
        request: {
          command: 'send_docker_logs',
          data: { session_id: sessionId, container_id: containerId, ...DOCKER_LOGS_DEFAULTS },
        },
      }).catch((error: unknown) => console.warn('Container log request failed', error));
    let every: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      void request();
      every = setInterval(() => void request(), DOCKER_LOGS_TIMING.requestEveryMs);
    }, DOCKER_LOGS_TIMING.firstRequestMs);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [enabled, deviceGuid, containerId, sessionId]);

  useEffect(() => () => dockerLogStore.forget(sessionId), [sessionId]);
  return useLogLines(sessionId);
}
