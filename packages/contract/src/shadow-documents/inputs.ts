import { z } from 'zod';
import { CAPABILITY_PROFILES } from '../entitlements/capability-catalogue.ts';
import { entitlementLimit } from '../entitlements/entitlement-gates.ts';
import {
  configOf,
  entriesOf,
  entryIdSchema,
  int,
  issue,
  num,
  overLimit,
  rangeIssues,
  type ShadowIssue,
  type ShadowSetContext,
  setEntryIdSchema,
} from './fields.ts';

/** Inputs shadow (spec 3 §3.2): one entry per hardware input. */
export const VIDEO_INPUT_TYPES = ['input_auto', 'input_sdi', 'input_hdmi', 'input_tpg'] as const;
export const AUDIO_INPUT_TYPES = ['input_auto', 'input_embedded', 'input_3p5mm', 'input_tpg'] as const;
export const VIDEO_ROTATIONS = [0, 90, 180, 270] as const;
export const OVERLAY_PRESET_LOCATIONS = [
  'MANUAL',
  'FULLSCREEN',
  'LOWER_THIRD',
  'TOP_LEFT',
  'BOTTOM_LEFT',
  'TOP_CENTER',
  'CENTER',
  'BOTTOM_CENTER',
  'TOP_RIGHT',
  'BOTTOM_RIGHT',
] as const;
export const ASPECT_RATIO_LOCKS = ['NO_LOCK', 'LOCK_TO_WIDTH', 'LOCK_TO_HEIGHT'] as const;
/** The video format of an input without a signal: an error state (spec 3 §3.2). */
export const FORMAT_UNDEFINED = 'FORMAT_UNDEFINED';

export const graphicOverlaySchema = z.object({
  enable: z.boolean().default(false),
  x_position: num().default(0),
  y_position: num().default(0),
  width: num().default(100),
  height: num().default(100),
  aspect_ratio_lock: z.enum(ASPECT_RATIO_LOCKS).default('NO_LOCK'),
  preset_location: z.enum(OVERLAY_PRESET_LOCATIONS).default('FULLSCREEN'),
});

/** Persistent input (daemon v10.4.0) and the overlay (v10.5.0) exist only on newer daemons. */
export const inputConfigSchema = z.object({
  name: z.string(),
  video_input_type: z.enum(VIDEO_INPUT_TYPES).default('input_auto'),
  video_rotation: z.literal(VIDEO_ROTATIONS).default(0),
  audio_input_type: z.enum(AUDIO_INPUT_TYPES).default('input_auto'),
  enable_persistent_input: z.boolean().optional(),
  force_av_mute: z.boolean().default(false),
  cef: z.object({ enable: z.boolean().default(false), url: z.string().default('') }).optional(),
  graphic_overlay: graphicOverlaySchema.optional(),
  sdi_audio_ignore_phase: z.boolean().optional(),
});
export type InputConfig = z.infer<typeof inputConfigSchema>;

export const inputSchema = z.object({
  id: entryIdSchema,
  type: z.literal('hardware'),
  hw_channel: int(),
  video_input_format: z.string().optional(),
  audio_input_detected: z.boolean().optional(),
  config: inputConfigSchema,
});
export type Input = z.infer<typeof inputSchema>;

export const inputsShadowStateSchema = z.object({ inputs: z.array(inputSchema) });
export type InputsShadowState = z.infer<typeof inputsShadowStateSchema>;

/** A set sends every input as {id, type, config}, id false for a new one, which names its channel. */
export const inputsSetSchema = z.object({
  inputs: z.array(
    z.object({
      id: setEntryIdSchema,
      type: z.literal('hardware'),
      hw_channel: int().optional(),
      config: inputConfigSchema,
    }),
  ),
});

/** Overlay position and size: a number from 0 to 100 (spec 3 §5, the percent rule). */
const OVERLAY_PERCENT_FIELDS = ['x_position', 'y_position', 'width', 'height'] as const;

export const inputHardwareChannelTaken = (channel: number) =>
  `Hardware channel ${channel} is already used by another input.`;
export const inputHardwareChannelMissing = (channel: number) =>
  `Hardware channel ${channel} does not exist on this device.`;
export const inputLimitMessage = (limit: number) =>
  `Unable to add another input. This device is licensed for ${limit} input instance(s).`;

/**
 * Inputs rules (spec 3 §5): the overlay's percent rule; hardware channel 0, and 1 only on
 * edgecaster_max, each used by one input; new inputs within daemon.input.limit.
 */
export function inputsSetIssues(state: unknown, context: ShadowSetContext): ShadowIssue[] {
  const inputs = entriesOf(state, 'inputs');
  const issues: ShadowIssue[] = [];
  const channels = CAPABILITY_PROFILES[context.product].hardware.hw_channels;
  const used = new Set<number>();
  inputs.forEach((input, index) => {
    const overlay = configOf(input).graphic_overlay as Record<string, unknown> | undefined;
    if (overlay && typeof overlay === 'object') {
      for (const field of OVERLAY_PERCENT_FIELDS)
        issues.push(
          ...rangeIssues(['inputs', index, 'config', 'graphic_overlay', field], overlay[field], 0, 100),
        );
    }
    const channel = input.hw_channel;
    if (typeof channel !== 'number') return;
    if (!channels.includes(channel))
      issues.push(issue(['inputs', index, 'hw_channel'], inputHardwareChannelMissing(channel)));
    else if (used.has(channel))
      issues.push(issue(['inputs', index, 'hw_channel'], inputHardwareChannelTaken(channel)));
    used.add(channel);
  });
  const limit = entitlementLimit(context.entitlements, 'daemon.input.limit');
  for (const input of overLimit(inputs, limit))
    issues.push(issue(['inputs', inputs.indexOf(input)], inputLimitMessage(limit)));
  return issues;
}
