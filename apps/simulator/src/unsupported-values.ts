import { configOf, entriesOf } from '@ec/contract/shadow-documents/fields';
import { GATED_OUTPUT_DEFAULTS } from '@ec/contract/shadow-documents/outputs';
import type { ShadowName } from '@ec/contract/shadows';
import { type DeviceSoftware, supportsFeature, type VersionGateName } from '@ec/contract/version-gates';
import type { ShadowState } from './initial-shadows.ts';

/** A value only a newer daemon runs, and what a new entry gets instead on an older one. */
interface GatedValue {
  shadow: ShadowName;
  listKey: string;
  type: string;
  field: string;
  value: unknown;
  gate: VersionGateName;
  fallback: unknown;
}

/**
 * Values behind a version gate of spec 3 §9. The registry judges a set by product and entitlements,
 * not by the software the device runs, so these pass it (the web form does not offer them to an
 * older device, but a script may send them).
 */
const GATED_VALUES: readonly GatedValue[] = [
  {
    shadow: 'Encoders',
    listKey: 'encoders',
    type: 'video',
    field: 'bitrate_mode',
    value: 'constant_strict',
    gate: 'strictCbr',
    fallback: 'constant',
  },
  {
    shadow: 'Encoders',
    listKey: 'encoders',
    type: 'audio',
    field: 'codec',
    value: 'opus',
    gate: 'opus',
    fallback: 'mpeg4_aac',
  },
];

/**
 * A set with what the device's software cannot run taken out, though the contract lets it through:
 * the device applies the rest, keeps its own value there (or the fallback for a new entry) and answers
 * 'Config mismatch!', so the console shows the difference. What the product cannot run at all (such
 * as edgecaster_max's HIGH and LOW latency modes) the registry refuses before it gets here. `refused`
 * names the paths the device kept.
 */
export function withoutUnsupportedValues(
  software: DeviceSoftware,
  name: ShadowName,
  set: ShadowState,
  reported: ShadowState,
): { state: ShadowState; refused: string[] } {
  const refused: string[] = [];
  let state = set;
  for (const gated of GATED_VALUES) {
    if (gated.shadow !== name || supportsFeature(software, gated.gate)) continue;
    const before = new Map(entriesOf(reported, gated.listKey).map((entry) => [entry.id, entry]));
    const entries = entriesOf(state, gated.listKey).map((entry, index) => {
      const config = configOf(entry);
      if (entry.type !== gated.type || config[gated.field] !== gated.value) return entry;
      refused.push(`${gated.listKey}.${index}.config.${gated.field}`);
      const previous = before.get(entry.id);
      const kept = previous === undefined ? undefined : configOf(previous)[gated.field];
      const value = kept !== undefined && kept !== gated.value ? kept : gated.fallback;
      return { ...entry, config: { ...config, [gated.field]: value } };
    });
    state = { ...state, [gated.listKey]: entries };
  }
  return { state, refused };
}

/**
 * An Outputs set with the settings its daemon runs filled in where the set leaves them out
 * (GATED_OUTPUT_DEFAULTS: an HTTP pull output gets ULL_target_latency_ms 4000 from daemon v9.5.0), as
 * a device keeps every setting it runs.
 */
export function withGatedDefaults(software: DeviceSoftware, name: ShadowName, set: ShadowState): ShadowState {
  if (name !== 'Outputs') return set;
  const outputs = entriesOf(set, 'outputs').map((entry) => {
    const gated = GATED_OUTPUT_DEFAULTS[entry.type as keyof typeof GATED_OUTPUT_DEFAULTS] ?? [];
    const config = configOf(entry);
    const missing = gated.filter(([gate, field]) => !(field in config) && supportsFeature(software, gate));
    if (!missing.length) return entry;
    return {
      ...entry,
      config: { ...config, ...Object.fromEntries(missing.map(([, field, value]) => [field, value])) },
    };
  });
  return { ...set, outputs };
}
