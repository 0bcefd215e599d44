import { z } from 'zod';
import type { DeviceRights } from './access.ts';
import { guidSchema } from './common.ts';
import type { CommandRefusal } from './device-command-rules.ts';
import { isEntitled } from './entitlements/entitlement-gates.ts';
import { defineOperation } from './operations.ts';
import { configOf, entriesOf, entryIdSchema } from './shadow-documents/fields.ts';

/**
 * Output control (spec 2 §4.7): turning a device's configured outputs on and off without the
 * configuration tab. It needs control rights, not edit rights, and sends an Outputs set that changes
 * only `config.enable`.
 */

export const OUTPUT_CONTROL_FEATURE = 'services.cloud.output_control.enabled';
/** Thumbnail outputs feed the previews: they are not switched from here. */
export const UNCONTROLLED_OUTPUT_TYPES: readonly string[] = ['thumbnail'];
/** Spec 2 §9 "Output save wrap-up": the dialog closes this long after a save and documents re-sync. */
export const OUTPUT_SAVE_WRAP_UP_MS = 5000;
const OUTPUTS_PER_REQUEST_MAX = 100;

export const outputToggleSchema = z.object({
  output_id: entryIdSchema,
  enable: z.boolean({ error: 'enable must be true or false' }),
});
export type OutputToggle = z.infer<typeof outputToggleSchema>;

export const outputControlBodySchema = z
  .array(outputToggleSchema, { error: 'The body must be a list of {output_id, enable}' })
  .min(1, 'Name at least one output')
  .max(OUTPUTS_PER_REQUEST_MAX, `At most ${OUTPUTS_PER_REQUEST_MAX} outputs`)
  .refine((toggles) => new Set(toggles.map((toggle) => String(toggle.output_id))).size === toggles.length, {
    message: 'Each output may appear once',
  });

export const outputControlResponseSchema = z.object({
  /** The Outputs set command: GET /devices/{guid}/shadows/commands/{command_guid} follows it. */
  command_guid: z.string(),
});

/** Why the person may not switch the device's outputs, or null (spec 2 §4.7, §6). */
export function outputControlRefusal(input: {
  rights: DeviceRights;
  entitlements: Readonly<Record<string, unknown>>;
  featureLabel: (feature: string) => string;
}): CommandRefusal | null {
  if (input.rights.admin) return null;
  if (!input.rights.control) return { reason: 'rights', message: 'This needs control rights on the device.' };
  return isEntitled(input.entitlements, OUTPUT_CONTROL_FEATURE)
    ? null
    : {
        reason: 'entitlement',
        message: `This device is not licensed for ${input.featureLabel(OUTPUT_CONTROL_FEATURE)}.`,
      };
}

interface ReportedOutput {
  id: string | number;
  type: string;
  config: Record<string, unknown>;
}

const asOutput = (entry: Record<string, unknown>): ReportedOutput | null =>
  entryIdSchema.safeParse(entry.id).success && typeof entry.type === 'string'
    ? { id: entry.id as string | number, type: entry.type, config: configOf(entry) }
    : null;

/** The outputs the dialog lists: every configured output but thumbnails. */
export function controllableOutputs(outputsState: unknown): ReportedOutput[] {
  return entriesOf(outputsState, 'outputs')
    .map(asOutput)
    .filter((output): output is ReportedOutput => output !== null)
    .filter((output) => !UNCONTROLLED_OUTPUT_TYPES.includes(output.type));
}

/** A device with nothing Output Control switches. */
export const NO_CONFIGURED_OUTPUTS = 'No configured outputs';

/** Every output the dialog lists turned on or off (bulk Output Control). */
export const allOutputToggles = (outputsState: unknown, enable: boolean): OutputToggle[] =>
  controllableOutputs(outputsState).map((output) => ({ output_id: output.id, enable }));

/**
 * The Outputs set that switches the named outputs and leaves everything else as reported: the whole
 * list as {id, type, config} (spec 3 §4.1), or the error naming outputs the device does not have or
 * that are not controlled from here.
 */
export function outputControlSetState(
  outputsState: unknown,
  toggles: readonly OutputToggle[],
): { state: { outputs: ReportedOutput[] } } | { error: string } {
  const outputs = entriesOf(outputsState, 'outputs')
    .map(asOutput)
    .filter((output): output is ReportedOutput => output !== null);
  const controllable = new Set(controllableOutputs(outputsState).map((output) => String(output.id)));
  const unknown = toggles.filter((toggle) => !controllable.has(String(toggle.output_id)));
  if (unknown.length > 0)
    return {
      error: `The device has no output to switch with id ${unknown.map((toggle) => toggle.output_id).join(', ')}`,
    };
  const enable = new Map(toggles.map((toggle) => [String(toggle.output_id), toggle.enable]));
  return {
    state: {
      outputs: outputs.map((output) => {
        const next = enable.get(String(output.id));
        return next === undefined ? output : { ...output, config: { ...output.config, enable: next } };
      }),
    },
  };
}

export const outputControlOperations = {
  save: defineOperation({
    method: 'POST',
    path: '/devices/:device_guid/outputs',
    summary: "Turns some of a device's outputs on or off (an Outputs set changing only `enable`)",
    tags: ['shadows'],
    params: z.object({ device_guid: guidSchema }),
    body: outputControlBodySchema,
    status: 202,
    response: outputControlResponseSchema,
  }),
};
