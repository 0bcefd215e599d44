import { configOf, entriesOf } from '@ec/contract/shadow-documents/fields';
import { OUTPUT_TYPE_LABELS, type OutputType } from '@ec/contract/shadow-documents/output-types';
import {
  GATED_OUTPUT_DEFAULTS,
  OUTPUT_CONFIG_SCHEMAS,
  outputSchema,
} from '@ec/contract/shadow-documents/outputs';
import { type OutputDeviceSoftware, supportsOutputFeature } from '@ec/contract/version-gates';
import { z } from 'zod';
import { isRecord } from './document-changes';
import { newEntryId } from './new-entry-id';
import { providerFields } from './outputs-field-specs';

/**
 * The Outputs tab's working copy (spec 3 §3.4, §4.1). An output the device has not created yet has id
 * false and a local key. The provider settings a device keeps as JSON text (service_data) are held as
 * an object of fields while editing, and written back as text in the set.
 */
export interface OutputDraft {
  key: string;
  id: number | string | false;
  type: string;
  config: Record<string, unknown>;
}

export interface OutputsFormValues {
  outputs: OutputDraft[];
}

/** Service data's JSON text as fields; text that is not a JSON object stays as it is. */
export function readServiceData(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : value;
  } catch {
    return value;
  }
}

/** The reported outputs as drafts; an entry the contract cannot read is kept as it is, to be fixed. */
export function draftsOf(state: unknown): OutputDraft[] {
  return entriesOf(state, 'outputs').map((entry) => {
    const parsed = outputSchema.safeParse(entry);
    const output = parsed.success ? (parsed.data as Record<string, unknown>) : entry;
    const config = { ...configOf(output) };
    if ('service_data' in config) config.service_data = readServiceData(config.service_data);
    const id = output.id as OutputDraft['id'];
    return { key: `output-${String(id)}`, id, type: String(output.type), config };
  });
}

/** The set sent on Save (spec 3 §4.1): the whole list as {id, type, config}, id false for new ones. */
export function outputsSetState(drafts: readonly OutputDraft[]) {
  return {
    outputs: drafts.map(({ id, type, config }) => ({
      id,
      type,
      config: isRecord(config.service_data)
        ? { ...config, service_data: JSON.stringify(config.service_data) }
        : config,
    })),
  };
}

/** The first name of the form 'RTMP 1', 'RTMP 2'... that no output has yet. */
function freeName(type: OutputType, names: readonly string[]) {
  let n = 1;
  while (names.includes(`${OUTPUT_TYPE_LABELS[type]} ${n}`)) n += 1;
  return `${OUTPUT_TYPE_LABELS[type]} ${n}`;
}

/**
 * A field's starting value read from the contract's schema: its default, nothing for an optional
 * field, the first option of a choice (a list of choices starts with it), empty text; a required
 * number stays empty for the user to give.
 */
function startingValue(schema: z.ZodType): unknown {
  const parsed = schema.safeParse(undefined);
  if (parsed.success) return parsed.data;
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodArray && schema.element instanceof z.ZodEnum) return [schema.element.options[0]];
  if (schema instanceof z.ZodString) return '';
  return undefined;
}

/** A new output of `type` with the defaults of spec 3 §3.4 and §9, named after its type. */
export function newOutputDraft(
  type: OutputType,
  existing: readonly OutputDraft[],
  device: OutputDeviceSoftware,
) {
  const schema = OUTPUT_CONFIG_SCHEMAS[type];
  const config: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(schema.shape)) {
    const value = startingValue(fieldSchema as z.ZodType);
    if (value !== undefined) config[field] = value;
  }
  config.name = freeName(
    type,
    existing.map((draft) => String(draft.config.name ?? '')),
  );
  if (type === 'file') config.ftp_config = OUTPUT_CONFIG_SCHEMAS.file.shape.ftp_config.unwrap().parse({});
  const service = providerFields(type, config.service_name);
  if (service) config.service_data = Object.fromEntries(service.map((field) => [field.name, '']));
  for (const [feature, field, value] of GATED_OUTPUT_DEFAULTS[type] ?? [])
    if (supportsOutputFeature(feature, device)) config[field] = value;
  return { key: newEntryId(), id: false, type, config } satisfies OutputDraft;
}

export const isNewDraft = (draft: OutputDraft) => draft.id === false;
