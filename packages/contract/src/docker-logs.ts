import { z } from 'zod';
import { guidSchema } from './common.ts';

/**
 * Live container logs (spec 3 §4.4, §9): the console sends `send_docker_logs` every 10 s with its own
 * session id; the device publishes the container's latest lines, then what it writes for `duration`
 * seconds, on `ec/devices/{guid}/docker_logs` with that session id; the server relays each message to
 * the one browser socket following that session (live subscription `docker-logs:{session_id}`) and
 * stores none of them.
 */

/** Spec 3 §7, §9: each request asks for 15 s of logs and the latest 100 lines. */
export const DOCKER_LOGS_DEFAULTS = { duration: 15, lines: 100 } as const;

/** Spec 3 §9: the console's cadence for log requests. */
export const DOCKER_LOGS_TIMING = {
  /** The first request goes 1 s after the log view opens, */
  firstRequestMs: 1_000,
  /** then one every 10 s while it stays open. */
  requestEveryMs: 10_000,
} as const;

/** Spec 3 §2.7, §9: the log view's height. */
export const DOCKER_LOG_VIEW_HEIGHT = 480;

export const DOCKER_LOGS_MESSAGES = {
  waiting: 'Waiting for log stream...',
  /** Spec 3 §8: an agent older than the docker logs gate. */
  oldAgent: 'Docker logging support requires newer software. Please update your cloud agent...',
} as const;

/** The largest message of log lines the server relays; a device sends at most this much at once. */
export const MAX_DOCKER_LOGS_BYTES = 64 * 1024;
/** One line of a container's output, ANSI colour codes included. */
export const MAX_DOCKER_LOG_LINE = 4096;

/** The data of `send_docker_logs` (spec 3 §7). */
export const dockerLogsDataSchema = z.object({
  session_id: guidSchema,
  container_id: z.string().min(1).max(200),
  duration: z.number().int().min(1).max(60).default(DOCKER_LOGS_DEFAULTS.duration),
  lines: z.number().int().min(0).max(1000).default(DOCKER_LOGS_DEFAULTS.lines),
});
export type DockerLogsData = z.output<typeof dockerLogsDataSchema>;

/** device → cloud, and what the browser following the session receives. */
export const dockerLogsMessageSchema = z.object({
  session_id: guidSchema,
  container_id: z.string().min(1).max(200),
  lines: z.array(z.string().max(MAX_DOCKER_LOG_LINE)).max(1000),
});
export type DockerLogsMessage = z.infer<typeof dockerLogsMessageSchema>;

/** The live subscription of one log session: only the socket that follows it hears its lines. */
export const dockerLogsSubscription = (sessionId: string) => `docker-logs:${sessionId}` as const;
export const DOCKER_LOGS_SUBSCRIPTION_PATTERN =
  /^docker-logs:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
