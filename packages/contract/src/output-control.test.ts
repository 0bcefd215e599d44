import { describe, expect, it } from 'vitest';
import { controllableOutputs, outputControlRefusal, outputControlSetState } from './output-control.ts';

const outputs = {
  outputs: [
    { id: 1, type: 'srt', config: { enable: true, name: 'SRT' }, status: null },
    { id: 'b', type: 'rtmp', config: { enable: false, name: 'RTMP' } },
    { id: 9, type: 'thumbnail', config: { enable: true, name: 'Preview' } },
  ],
};
const rights = { control: true, edit: false, admin: false };
const licensed = { 'services.cloud.output_control.enabled': true };
const label = (feature: string) => (feature.includes('output_control') ? 'Output Control' : feature);

describe('output control', () => {
  it('lists every configured output but thumbnails', () => {
    expect(controllableOutputs(outputs).map((output) => output.id)).toEqual([1, 'b']);
    expect(controllableOutputs(null)).toEqual([]);
  });

  it('switches the named outputs and keeps the rest as reported, without statuses', () => {
    const set = outputControlSetState(outputs, [{ output_id: 'b', enable: true }]);
    expect(set).toEqual({
      state: {
        outputs: [
          { id: 1, type: 'srt', config: { enable: true, name: 'SRT' } },
          { id: 'b', type: 'rtmp', config: { enable: true, name: 'RTMP' } },
          { id: 9, type: 'thumbnail', config: { enable: true, name: 'Preview' } },
        ],
      },
    });
  });

  it('refuses outputs it does not control', () => {
    expect(outputControlSetState(outputs, [{ output_id: 9, enable: false }])).toEqual({
      error: 'The device has no output to switch with id 9',
    });
  });

  it.each([
    [rights, licensed, null],
    [
      { ...rights, control: false },
      licensed,
      { reason: 'rights', message: 'This needs control rights on the device.' },
    ],
    [rights, {}, { reason: 'entitlement', message: 'This device is not licensed for Output Control.' }],
    [{ control: false, edit: false, admin: true }, {}, null],
  ])('%j with %j: %j', (who, entitlements, refusal) => {
    expect(outputControlRefusal({ rights: who, entitlements, featureLabel: label })).toEqual(refusal);
  });
});
