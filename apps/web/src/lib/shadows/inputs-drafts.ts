import { entriesOf } from '@ec/contract/shadow-documents/fields';
import { graphicOverlaySchema, inputConfigSchema, inputSchema } from '@ec/contract/shadow-documents/inputs';
import { type DeviceSoftware, supportsFeature } from '@ec/contract/version-gates';
import type { Choice } from './choices';
import { newEntryId } from './new-entry-id';

/**
 * One input as the Inputs tab edits it (spec 3 §3.2): what a set sends, and `new` for an input the
 * device has not created yet (a temporary id, spec 3 §4.1). What the device writes beside the config
 * (video format, audio detected) stays on the reported side.
 */
export interface InputDraft {
  id: number | string;
  new?: true;
  type: string;
  hw_channel?: number;
  config: Record<string, unknown>;
}

export interface InputsFormValues {
  inputs: InputDraft[];
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * The reported inputs as drafts. An input the contract reads gets its defaults filled; one it does not
 * is shown as the device sent it, so the form names what is wrong. Keys this console does not know
 * stay in the config and go back to the device unchanged.
 */
export function inputDraftsOf(state: unknown): InputDraft[] {
  return entriesOf(state, 'inputs').map((raw, index) => {
    const parsed = inputSchema.safeParse(raw);
    const id = typeof raw.id === 'number' || typeof raw.id === 'string' ? raw.id : index;
    return {
      id,
      type: typeof raw.type === 'string' ? raw.type : 'hardware',
      ...(typeof raw.hw_channel === 'number' ? { hw_channel: raw.hw_channel } : {}),
      config: { ...record(raw.config), ...(parsed.success ? parsed.data.config : {}) },
    };
  });
}

/** The set sent on Save (spec 3 §4.1): every input, id false for a new one, each naming its channel. */
export function inputsSetState(drafts: readonly InputDraft[]) {
  return {
    inputs: drafts.map((draft) => ({
      id: draft.new ? false : draft.id,
      type: draft.type,
      ...(draft.hw_channel === undefined ? {} : { hw_channel: draft.hw_channel }),
      config: draft.config,
    })),
  };
}

/**
 * A new input on a hardware channel, with the contract's defaults; persistent input and the graphic
 * overlay only where the daemon has them (spec 3 §9).
 */
export function newInputDraft(
  input: { name: string; hw_channel: number },
  device: DeviceSoftware,
): InputDraft {
  return {
    id: newEntryId(),
    new: true,
    type: 'hardware',
    hw_channel: input.hw_channel,
    config: {
      ...inputConfigSchema.parse({ name: input.name }),
      ...(supportsFeature(device, 'persistentInput') ? { enable_persistent_input: false } : {}),
      ...(supportsFeature(device, 'dynamicOverlay')
        ? { graphic_overlay: graphicOverlaySchema.parse({}) }
        : {}),
    },
  };
}

/** An input an encoder may take: its id, its name, and its rotation (upright resolutions follow it). */
export interface InputOption extends Choice {
  rotation: unknown;
}

/** The reported inputs as the encoders' Input choices. */
export const inputOptionsOf = (state: unknown): InputOption[] =>
  inputDraftsOf(state).map((input) => ({
    value: input.id,
    label:
      typeof input.config.name === 'string' && input.config.name !== ''
        ? input.config.name
        : `Input ${input.id}`,
    rotation: input.config.video_rotation,
  }));
