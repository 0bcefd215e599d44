import type { AudioLevel } from '@ec/contract/input-preview';
import type { LiveEvent } from '@ec/contract/live';
import { useCallback, useSyncExternalStore } from 'react';

/** The latest picture and audio levels of one input, with when the browser received them. */
export interface PreviewFrame {
  inputId: number;
  /** A data: URL of the JPEG. */
  src: string;
  audioLevels: AudioLevel[];
  receivedAt: number;
}

type DeviceFrames = ReadonlyMap<number, PreviewFrame>;
const EMPTY: DeviceFrames = new Map();

/**
 * The previews received on the live channel, per device, in memory only (they are never fetched
 * again): the live event handler puts each `device.preview` here and the tiles read it.
 */
const frames = new Map<string, DeviceFrames>();
const listeners = new Set<() => void>();

export const previewStore = {
  receive(event: Extract<LiveEvent, { type: 'device.preview' }>, now = Date.now()) {
    const next = new Map(frames.get(event.device_guid) ?? EMPTY);
    next.set(event.input_id, {
      inputId: event.input_id,
      src: `data:image/jpeg;base64,${event.thumbnail}`,
      audioLevels: event.audio_levels,
      receivedAt: now,
    });
    frames.set(event.device_guid, next);
    for (const listener of listeners) listener();
  },
  frames(deviceGuid: string): DeviceFrames {
    return frames.get(deviceGuid) ?? EMPTY;
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Forgets everything (tests; leaving an organization). */
  clear() {
    frames.clear();
    for (const listener of listeners) listener();
  },
};

/** The latest frame of each input of a device, re-rendering as new ones arrive. */
export function usePreviewFrames(deviceGuid: string): DeviceFrames {
  const getSnapshot = useCallback(() => previewStore.frames(deviceGuid), [deviceGuid]);
  return useSyncExternalStore(previewStore.subscribe, getSnapshot, getSnapshot);
}
