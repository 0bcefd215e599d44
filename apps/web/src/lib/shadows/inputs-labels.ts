import {
  ASPECT_RATIO_LOCKS,
  AUDIO_INPUT_TYPES,
  FORMAT_UNDEFINED,
  OVERLAY_PRESET_LOCATIONS,
  VIDEO_INPUT_TYPES,
  VIDEO_ROTATIONS,
} from '@ec/contract/shadow-documents/inputs';
import { type Choice, titleCase } from './choices';

/** The Inputs tab's words for the fields and options of spec 3 §3.2. */
export const INPUT_FIELD_LABELS = {
  name: 'Name',
  video_input_type: 'Video Input',
  video_rotation: 'Video Rotation',
  audio_input_type: 'Audio Input',
  enable_persistent_input: 'Persistent Input',
  force_av_mute: 'Force A/V Mute',
  sdi_audio_ignore_phase: 'Ignore SDI Audio Phase',
  'cef.enable': 'HTML Overlay',
  'cef.url': 'HTML Overlay URL',
  'graphic_overlay.enable': 'Graphic Overlay',
  'graphic_overlay.preset_location': 'Overlay Position',
  'graphic_overlay.x_position': 'Overlay X (%)',
  'graphic_overlay.y_position': 'Overlay Y (%)',
  'graphic_overlay.width': 'Overlay Width (%)',
  'graphic_overlay.height': 'Overlay Height (%)',
  'graphic_overlay.aspect_ratio_lock': 'Overlay Aspect Ratio',
  hw_channel: 'Hardware Channel',
} as const;

const VIDEO_INPUT_LABELS: Record<(typeof VIDEO_INPUT_TYPES)[number], string> = {
  input_auto: 'Auto',
  input_sdi: 'SDI',
  input_hdmi: 'HDMI',
  input_tpg: 'Test Pattern',
};
const AUDIO_INPUT_LABELS: Record<(typeof AUDIO_INPUT_TYPES)[number], string> = {
  input_auto: 'Auto',
  input_embedded: 'Embedded',
  input_3p5mm: '3.5 mm Analog',
  input_tpg: 'Test Tone',
};

export const VIDEO_INPUT_CHOICES: Choice[] = VIDEO_INPUT_TYPES.map((value) => ({
  value,
  label: VIDEO_INPUT_LABELS[value],
}));
export const AUDIO_INPUT_CHOICES: Choice[] = AUDIO_INPUT_TYPES.map((value) => ({
  value,
  label: AUDIO_INPUT_LABELS[value],
}));
export const ROTATION_CHOICES: Choice[] = VIDEO_ROTATIONS.map((value) => ({ value, label: `${value}°` }));
export const PRESET_LOCATION_CHOICES: Choice[] = OVERLAY_PRESET_LOCATIONS.map((value) => ({
  value,
  label: titleCase(value),
}));
export const ASPECT_RATIO_CHOICES: Choice[] = ASPECT_RATIO_LOCKS.map((value) => ({
  value,
  label: titleCase(value),
}));

/** A changed field's name in the notice of a newer version: ['inputs', '2', 'config', 'name']. */
export function inputFieldLabel(path: string[]): string {
  const [, id, ...rest] = path;
  const field = (rest[0] === 'config' ? rest.slice(1) : rest).join('.');
  const name = field ? ((INPUT_FIELD_LABELS as Record<string, string>)[field] ?? field) : null;
  return name ? `Input ${id} › ${name}` : `Input ${id}`;
}

/**
 * The video format an input reports (spec 3 §3.2): FORMAT_UNDEFINED, an error state, reads 'No
 * Signal'; an input that reports none yet reads as unknown.
 */
export function videoFormatText(format: unknown): { text: string; error: boolean } {
  if (format === FORMAT_UNDEFINED) return { text: 'No Signal', error: true };
  if (typeof format !== 'string' || format === '') return { text: 'Unknown', error: false };
  return { text: format, error: false };
}
