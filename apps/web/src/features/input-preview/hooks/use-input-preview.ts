import { INPUT_PREVIEW_DEFAULTS } from '@ec/contract/device-commands';
import { INPUT_PREVIEW_MESSAGES, INPUT_PREVIEW_TIMING } from '@ec/contract/input-preview';
import { deviceSubscription } from '@ec/contract/live';
import { useEffect, useState } from 'react';
import { sendDeviceCommand } from '../../../lib/device-commands/send-device-command';
import { useLiveSubscription } from '../../../lib/live-subscriptions';
import { type PreviewFrame, usePreviewFrames } from '../api/preview-store';
import { previewTimedOut, type RequestLog, requestDue } from '../logic/preview-schedule';
import { useWindowFocus } from './use-window-focus';

/** One log per device, shared by every tile of the page so that they send one request, not one each. */
const logs = new Map<string, RequestLog & { sending: boolean; error: string | null }>();
const logOf = (deviceGuid: string) => {
  let log = logs.get(deviceGuid);
  if (!log) {
    log = { requestedAt: null, failedAt: null, sending: false, error: null };
    logs.set(deviceGuid, log);
  }
  return log;
};

export type PreviewStatus =
  | { kind: 'unavailable'; message: string }
  | { kind: 'paused' }
  | { kind: 'waiting' }
  | { kind: 'streaming' }
  | { kind: 'failed'; message: string }
  | { kind: 'no data'; message: string };

/**
 * A device's live input previews (spec 2 §4.8): while shown, available and the window has focus, it
 * follows the device on the live channel and asks for a 30 s stream, checking every 10 s and asking
 * again when that stream ends; a failed request is retried after 5 s; without pictures for 10 s after
 * a request it says so. `unavailable` (licence, cloud agent, offline) asks nothing.
 */
export function useInputPreview(deviceGuid: string, unavailable: string | null) {
  const focused = useWindowFocus();
  const active = unavailable === null && focused;
  useLiveSubscription(active ? deviceSubscription(deviceGuid) : null);
  const frames = usePreviewFrames(deviceGuid);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!active) return;
    const log = logOf(deviceGuid);
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const request = async () => {
      if (stopped || log.sending || !requestDue(log, Date.now())) return;
      log.sending = true;
      try {
        await sendDeviceCommand({
          deviceGuid,
          request: { command: 'send_input_preview', data: INPUT_PREVIEW_DEFAULTS },
        });
        Object.assign(log, { requestedAt: Date.now(), failedAt: null, error: null });
      } catch (error) {
        Object.assign(log, {
          failedAt: Date.now(),
          error: INPUT_PREVIEW_MESSAGES.requestFailed((error as Error).message),
        });
        retry = setTimeout(() => void request(), INPUT_PREVIEW_TIMING.retryMs);
      } finally {
        log.sending = false;
        setNow(Date.now());
      }
    };
    void request();
    const checks = setInterval(() => void request(), INPUT_PREVIEW_TIMING.requestEveryMs);
    const clock = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(checks);
      clearInterval(clock);
    };
  }, [active, deviceGuid]);

  const log = logOf(deviceGuid);
  const lastFrameAt = Math.max(0, ...[...frames.values()].map((frame) => frame.receivedAt)) || null;
  const status: PreviewStatus =
    unavailable !== null
      ? { kind: 'unavailable', message: unavailable }
      : !focused
        ? { kind: 'paused' }
        : log.error
          ? { kind: 'failed', message: log.error }
          : previewTimedOut(log, lastFrameAt, now)
            ? { kind: 'no data', message: INPUT_PREVIEW_MESSAGES.noData }
            : lastFrameAt !== null && log.requestedAt !== null
              ? { kind: 'streaming' }
              : { kind: 'waiting' };
  return { status, frames: frames as ReadonlyMap<number, PreviewFrame> };
}
