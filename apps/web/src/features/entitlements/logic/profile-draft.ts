import {
  type Capability,
  capabilityValueSchema,
  type EntitlementProperties,
  type EntitlementValue,
} from '@ec/contract/entitlements/capabilities';

/**
 * The profile editor's working copy: for each feature of the platform whether the profile sets it,
 * and its value as the inputs hold it (numbers as typed text, so an emptied field reads 'Value Required').
 */
export type DraftValue = boolean | string | { min: string; max: string } | string[];
export interface DraftEntry {
  included: boolean;
  value: DraftValue;
}
export type ProfileDraft = Record<string, DraftEntry>;

const asText = (value: unknown) => (typeof value === 'number' ? String(value) : '');

/** What the input holds for a value of the capability's type (the default when the profile lacks it). */
function draftValue(capability: Capability, value: unknown): DraftValue {
  switch (capability.type) {
    case 'boolean':
      return typeof value === 'boolean' ? value : capability.defaultSelected;
    case 'number':
      return asText(typeof value === 'number' ? value : capability.defaultSelected);
    case 'range': {
      const range = (
        typeof value === 'object' && value !== null ? value : capability.defaultSelected
      ) as Record<string, unknown>;
      return { min: asText(range.min), max: asText(range.max) };
    }
    case 'array':
      return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  }
}

/** The draft of a stored profile: every capability, set or not. */
export function draftOf(
  capabilities: readonly Capability[],
  properties: EntitlementProperties,
): ProfileDraft {
  return Object.fromEntries(
    capabilities.map((capability) => [
      capability.feature,
      {
        included: capability.feature in properties,
        value: draftValue(capability, properties[capability.feature]),
      },
    ]),
  );
}

const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The value to check and send: numbers from their text (empty is missing). */
function typedValue(capability: Capability, value: DraftValue): unknown {
  switch (capability.type) {
    case 'number':
      return toNumber(value as string);
    case 'range': {
      const range = value as { min: string; max: string };
      return { min: toNumber(range.min), max: toNumber(range.max) };
    }
    default:
      return value;
  }
}

/**
 * The properties a draft saves, or the problem of each feature set with a bad value, by the
 * capability's rule and its messages (spec 3 §5): 'Value Required', 'Value Must be Between 1 and 8',
 * 'Array Must Include at least 1 Element'.
 */
export function propertiesOf(
  capabilities: readonly Capability[],
  draft: ProfileDraft,
): { properties: EntitlementProperties; problems: Record<string, string> } {
  const properties: EntitlementProperties = {};
  const problems: Record<string, string> = {};
  for (const capability of capabilities) {
    const entry = draft[capability.feature];
    if (!entry?.included) continue;
    const result = capabilityValueSchema(capability).safeParse(typedValue(capability, entry.value));
    if (result.success) properties[capability.feature] = result.data as EntitlementValue;
    else problems[capability.feature] = result.error.issues[0]?.message ?? 'Value Not Allowed';
  }
  return { properties, problems };
}
