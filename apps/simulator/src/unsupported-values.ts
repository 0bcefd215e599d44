import type { DeviceProduct } from '@ec/contract/products';
import { PRODUCT_LATENCY_MODES } from '@ec/contract/shadow-documents/encoders';
import { configOf, entriesOf } from '@ec/contract/shadow-documents/fields';
import type { ShadowName } from '@ec/contract/shadows';
import type { ShadowState } from './initial-shadows.ts';

const LATENCY_DEFAULT = 'NORMAL';

/**
 * A set with what the product's hardware cannot apply taken out, though the contract lets it through:
 * the device applies the rest, keeps its own value there (or the default for a new entry) and answers
 * 'Config mismatch!', so the console shows the difference. Today that is the latency mode of video
 * encoders and sync groups: edgecaster_max runs only NORMAL and LOWEST (spec 3 §9). `refused` names
 * the paths the device kept.
 */
export function withoutUnsupportedValues(
  product: DeviceProduct,
  name: ShadowName,
  set: ShadowState,
  reported: ShadowState,
): { state: ShadowState; refused: string[] } {
  if (name !== 'Encoders') return { state: set, refused: [] };
  const supported: readonly unknown[] = PRODUCT_LATENCY_MODES[product];
  const before = new Map(entriesOf(reported, 'encoders').map((encoder) => [encoder.id, encoder]));
  const refused: string[] = [];
  const encoders = entriesOf(set, 'encoders').map((encoder, index) => {
    const config = configOf(encoder);
    if (!('latency_mode' in config) || supported.includes(config.latency_mode)) return encoder;
    refused.push(`encoders.${index}.config.latency_mode`);
    const kept = before.get(encoder.id) && configOf(before.get(encoder.id)!).latency_mode;
    const latency_mode = supported.includes(kept) ? kept : LATENCY_DEFAULT;
    return { ...encoder, config: { ...config, latency_mode } };
  });
  return { state: { ...set, encoders }, refused };
}
