import { z } from 'zod';

/**
 * Live input previews (spec 2 §3, §4.8, §9): on `send_input_preview` a device publishes, for each input
 * with a signal, one message every `sample_interval` seconds for `duration` seconds on
 * `ec/devices/{guid}/preview`. The server relays each to the browsers following the device
 * (live event `device.preview`) and stores none of them.
 */

/** A preview message larger than this is dropped by the server (a 320×180 JPEG is about 10 KiB). */
export const MAX_INPUT_PREVIEW_BYTES = 256 * 1024;

/** Spec 2 §9: the console's timings and sizes for previews. */
export const INPUT_PREVIEW_TIMING = {
  /** While a preview is shown the page checks every 10 s whether the last request's stream is ending. */
  requestEveryMs: 10_000,
  /** A request that failed is sent again after 5 s. */
  retryMs: 5_000,
  /** Without a picture this long after a request, the page says so. */
  dataTimeoutMs: 10_000,
} as const;

/** A level of 1/300 fills 1 % of a meter: the meter shows min(100, level × 300) percent. */
export const AUDIO_LEVEL_SCALE = 300;
export const PREVIEW_TILE_MAX_WIDTH = 480;

export const audioLevelSchema = z.object({
  channel_num: z.number().int().min(0).max(63),
  /** The peak over the last 200 ms, linear (0 silence; 1/AUDIO_LEVEL_SCALE and above fill the meter). */
  max_hold_200ms: z.number().min(0).max(1),
  /** The peak over the last 5 s. */
  max_hold_5s: z.number().min(0).max(1),
});
export type AudioLevel = z.infer<typeof audioLevelSchema>;

/** device → cloud, and what the browser receives (spec 2 §3 Input preview message). */
export const inputPreviewMessageSchema = z.object({
  input_id: z.number().int().min(0),
  /** A JPEG picture of the input, base64. */
  thumbnail: z.base64().max(MAX_INPUT_PREVIEW_BYTES),
  audio_levels: z.array(audioLevelSchema).max(64),
});
export type InputPreviewMessage = z.infer<typeof inputPreviewMessageSchema>;

/** Spec 2 §8: what the console says when there is no preview. */
export const INPUT_PREVIEW_MESSAGES = {
  notLicensed: 'Input preview is not licensed.',
  cloudAgent: (version: string) => `Input preview requires cloud agent version ${version}.`,
  offline: 'Input preview unavailable when the device is offline.',
  noData:
    'Preview data not received within 10 seconds. Please check thumbnail output settings and verify they are compatible with input preview.',
  requestFailed: (reason: string) => `Input preview request failed: ${reason}`,
} as const;
