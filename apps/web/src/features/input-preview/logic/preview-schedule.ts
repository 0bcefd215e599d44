import { INPUT_PREVIEW_DEFAULTS } from '@ec/contract/device-commands';
import { INPUT_PREVIEW_TIMING } from '@ec/contract/input-preview';

/** What the page knows of its requests for one device's previews. */
export interface RequestLog {
  /** When the latest request was accepted by the server. */
  requestedAt: number | null;
  /** When the latest request failed, and why; cleared by a request that goes through. */
  failedAt: number | null;
}

const DURATION_MS = INPUT_PREVIEW_DEFAULTS.duration * 1000;
/** A check that fires a little early (timers drift) still counts as after the stream's end. */
const SLACK_MS = 1000;

/**
 * Whether the page asks for previews now (spec 2 §4.8): no new request within the 30 s the last one
 * asked for, then again; after a failure, again once 5 s have passed.
 */
export function requestDue(log: RequestLog, now: number): boolean {
  if (log.failedAt !== null) return now - log.failedAt >= INPUT_PREVIEW_TIMING.retryMs - SLACK_MS / 2;
  if (log.requestedAt === null) return true;
  return now - log.requestedAt >= DURATION_MS - SLACK_MS;
}

/**
 * Whether the device has sent nothing for 10 s after the page asked: true once a request is that old
 * and no picture arrived since it (or since the last picture, when pictures stopped coming).
 */
export function previewTimedOut(log: RequestLog, lastFrameAt: number | null, now: number): boolean {
  if (log.requestedAt === null) return false;
  const since = Math.max(log.requestedAt, lastFrameAt ?? 0);
  return now - since >= INPUT_PREVIEW_TIMING.dataTimeoutMs;
}
