import { describe, expect, it } from 'vitest';
import { BASE_PROFILES } from '../entitlements/base-profiles.ts';
import { mergeEntitlements } from '../entitlements/merge-entitlements.ts';
import type { ShadowSetContext } from './fields.ts';
import { inputsSetIssues, inputsSetSchema, inputsShadowStateSchema } from './inputs.ts';

const contextOf = (product: 'edgecaster' | 'edgecaster_max'): ShadowSetContext => ({
  product,
  entitlements: mergeEntitlements(BASE_PROFILES[product], [], new Date()),
});
const input = (
  hw_channel: number,
  id: number | false = hw_channel + 1,
  overlay?: Record<string, unknown>,
) => ({
  id,
  type: 'hardware',
  hw_channel,
  config: { name: `Input ${hw_channel + 1}`, ...(overlay ? { graphic_overlay: overlay } : {}) },
});

describe('the Inputs document (spec 3 §3.2)', () => {
  it('reads an input with its options and refuses an option the spec does not list', () => {
    const parsed = inputsShadowStateSchema.parse({ inputs: [input(0)] });
    expect(parsed.inputs[0]?.config).toMatchObject({
      video_input_type: 'input_auto',
      audio_input_type: 'input_auto',
      video_rotation: 0,
    });
    const rotated = inputsSetSchema.safeParse({
      inputs: [{ ...input(0), config: { name: 'x', video_rotation: 45 } }],
    });
    expect(rotated.error?.issues[0]?.path).toEqual(['inputs', 0, 'config', 'video_rotation']);
  });
});

describe('input rules (spec 3 §5)', () => {
  it('passes one input per channel the product has', () => {
    expect(inputsSetIssues({ inputs: [input(0)] }, contextOf('edgecaster'))).toEqual([]);
    expect(inputsSetIssues({ inputs: [input(0), input(1)] }, contextOf('edgecaster_max'))).toEqual([]);
  });

  it.each([
    [
      'channel 1 on edgecaster',
      'edgecaster',
      [input(0), input(1)],
      ['inputs', 1, 'hw_channel'],
      'Hardware channel 1 does not exist on this device.',
    ],
    [
      'one channel used twice',
      'edgecaster_max',
      [input(0), input(0, 2)],
      ['inputs', 1, 'hw_channel'],
      'Hardware channel 0 is already used by another input.',
    ],
    [
      'a new input over the licence',
      'edgecaster',
      [input(0), input(0, false)],
      ['inputs', 1],
      'Unable to add another input. This device is licensed for 1 input instance(s).',
    ],
    [
      'an overlay wider than 100 %',
      'edgecaster',
      [input(0, 1, { width: 101 })],
      ['inputs', 0, 'config', 'graphic_overlay', 'width'],
      'Value must be <= 100',
    ],
    [
      'an overlay position below 0',
      'edgecaster',
      [input(0, 1, { x_position: -1 })],
      ['inputs', 0, 'config', 'graphic_overlay', 'x_position'],
      'Value must be >= 0',
    ],
    [
      'an overlay height that is no number',
      'edgecaster',
      [input(0, 1, { height: 'tall' })],
      ['inputs', 0, 'config', 'graphic_overlay', 'height'],
      'Value must be a number',
    ],
  ] as const)('%s', (_name, product, inputs, path, message) => {
    expect(inputsSetIssues({ inputs }, contextOf(product))).toContainEqual({ path: [...path], message });
  });
});
