import { minMessage } from '@ec/contract/shadow-documents/fields';
import { describe, expect, it } from 'vitest';
import { entryIssues, issuesToFieldErrors, shadowSetResolver } from './shadow-set-resolver';

describe('issuesToFieldErrors', () => {
  it('puts each message at its path, an entry-wide one at the entry root, the first per path', () => {
    const errors = issuesToFieldErrors(
      [
        { path: ['encoders', 0, 'config', 'bitrate'], message: 'first' },
        { path: ['encoders', 0, 'config', 'bitrate'], message: 'second' },
        { path: ['encoders', 1], message: 'over the limit' },
        { path: ['encoders', 2, 'config', 'selected_channels'], message: 'too many' },
        { path: ['encoders', 2, 'config', 'selected_channels', 3], message: 'Value must be <= 8' },
      ],
      2,
    );
    expect(errors).toEqual({
      encoders: {
        0: { config: { bitrate: { type: 'shadow', message: 'first' } } },
        1: { root: { type: 'shadow', message: 'over the limit' } },
        2: {
          config: {
            selected_channels: {
              type: 'shadow',
              message: 'too many',
              3: { type: 'shadow', message: 'Value must be <= 8' },
            },
          },
        },
      },
    });
  });
});

describe('shadowSetResolver', () => {
  const video = (bitrate: unknown) => ({
    id: 1,
    type: 'video',
    config: {
      name: 'Video',
      in_channel_id: 1,
      selected_codec: 'H264',
      bitrate_mode: 'constant',
      latency_mode: 'NORMAL',
      bitrate,
    },
  });
  const resolver = shadowSetResolver('Encoders', (values: { encoders: unknown[] }) => values);
  const context = { product: 'edgecaster' as const, entitlements: {} };
  const options = { fields: {}, shouldUseNativeValidation: false };

  it("judges the form's set with the registry and the device's context", async () => {
    const invalid = await resolver({ encoders: [video(50)] }, context, options);
    expect(invalid.errors).toMatchObject({
      encoders: { 0: { config: { bitrate: { message: minMessage(100) } } } },
    });
    const valid = await resolver({ encoders: [video(5000)] }, context, options);
    expect(valid).toEqual({ values: { encoders: [video(5000)] }, errors: {} });
  });
});

describe('entryIssues', () => {
  it('keeps the issues of one entry, with paths from inside it', () => {
    expect(
      entryIssues(
        [
          { path: ['inputs', 0, 'hw_channel'], message: 'a' },
          { path: ['inputs', 1, 'hw_channel'], message: 'b' },
          { path: ['inputs', 1], message: 'c' },
        ],
        'inputs',
        1,
      ),
    ).toEqual([
      { path: ['hw_channel'], message: 'b' },
      { path: [], message: 'c' },
    ]);
  });
});
