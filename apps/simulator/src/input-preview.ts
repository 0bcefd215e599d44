import type { InputPreviewMessage } from '@ec/contract/input-preview';
import { FORMAT_UNDEFINED } from '@ec/contract/shadow-documents/inputs';
import type { ShadowState } from './initial-shadows.ts';
import { AudioLevelMeter, encodePreviewJpeg, renderPreviewFrame } from './preview-frame.ts';

/** An input as its preview needs it. */
export interface PreviewInput {
  id: number;
  name: string;
  /** Audio channels the source carries (0 without audio). */
  audioChannels: number;
}

/** The inputs of a reported Inputs document that have a picture: a format other than undefined. */
export function previewInputs(inputs: ShadowState): PreviewInput[] {
  const entries = Array.isArray(inputs.inputs) ? (inputs.inputs as Record<string, unknown>[]) : [];
  return entries.flatMap((entry) => {
    if (typeof entry.id !== 'number') return [];
    if (!entry.video_input_format || entry.video_input_format === FORMAT_UNDEFINED) return [];
    const config = (entry.config ?? {}) as { name?: unknown };
    const name = typeof config.name === 'string' && config.name ? config.name : `Input ${entry.id}`;
    return [{ id: entry.id, name, audioChannels: entry.audio_input_detected === true ? 2 : 0 }];
  });
}

/** One preview message of `input` at `at`. */
export function previewMessage(input: PreviewInput, meter: AudioLevelMeter, at: Date): InputPreviewMessage {
  return {
    input_id: input.id,
    thumbnail: encodePreviewJpeg(renderPreviewFrame({ name: input.name, at })),
    audio_levels: meter.sample(at),
  };
}

/**
 * The preview stream of `send_input_preview`: one message per input with a picture every
 * `sample_interval` seconds, for `duration` seconds from the latest request. A new request restarts
 * the window; `stop` (disconnection, reboot) ends it.
 */
export class InputPreviewStream {
  private timer: NodeJS.Timeout | undefined;
  private readonly meters = new Map<string, AudioLevelMeter>();

  constructor(
    private readonly deps: {
      inputs: () => PreviewInput[];
      publish: (message: InputPreviewMessage) => void;
      now?: () => Date;
    },
  ) {}

  get running() {
    return this.timer !== undefined;
  }

  start(request: { duration: number; sample_interval: number }) {
    this.stop();
    const now = this.deps.now ?? (() => new Date());
    const endsAt = now().getTime() + request.duration * 1000;
    const tick = () => {
      const at = now();
      if (at.getTime() >= endsAt) return this.stop();
      for (const input of this.deps.inputs()) this.deps.publish(previewMessage(input, this.meter(input), at));
    };
    this.timer = setInterval(tick, request.sample_interval * 1000);
    tick();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private meter(input: PreviewInput) {
    const key = `${input.id}/${input.audioChannels}`;
    let meter = this.meters.get(key);
    if (!meter) {
      meter = new AudioLevelMeter(input.audioChannels, input.id);
      this.meters.set(key, meter);
    }
    return meter;
  }
}
