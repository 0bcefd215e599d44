import { describe, expect, it } from 'vitest';
import { inputDraftsOf, inputOptionsOf, inputsSetState, newInputDraft } from './inputs-drafts';

const device = (daemon_version: string) => ({
  product_name: 'edgecaster_max' as const,
  daemon_version,
  cloud_version: 'V1.25.0',
});

describe('input drafts', () => {
  it('read a reported input with its defaults, without what the device writes', () => {
    const state = {
      inputs: [
        {
          id: 1,
          type: 'hardware',
          hw_channel: 0,
          video_input_format: '720p60',
          config: { name: 'Cam', extra: 1 },
        },
      ],
    };
    expect(inputDraftsOf(state)).toEqual([
      {
        id: 1,
        type: 'hardware',
        hw_channel: 0,
        config: expect.objectContaining({
          name: 'Cam',
          video_input_type: 'input_auto',
          video_rotation: 0,
          extra: 1,
        }),
      },
    ]);
    expect(inputOptionsOf(state)).toEqual([{ value: 1, label: 'Cam', rotation: 0 }]);
  });

  it('send every input with its channel, a new one with id false', () => {
    const created = newInputDraft({ name: 'Two', hw_channel: 1 }, device('v10.5.2'));
    expect(inputsSetState([created]).inputs[0]).toMatchObject({ id: false, type: 'hardware', hw_channel: 1 });
  });

  it('start persistent input from daemon v10.4.0 and the overlay from v10.5.0', () => {
    expect(newInputDraft({ name: 'A', hw_channel: 0 }, device('v10.5.0')).config).toMatchObject({
      enable_persistent_input: false,
      graphic_overlay: { enable: false, width: 100, preset_location: 'FULLSCREEN' },
    });
    const older = newInputDraft({ name: 'A', hw_channel: 0 }, device('v10.4.0')).config;
    expect(older).toHaveProperty('enable_persistent_input', false);
    expect(older).not.toHaveProperty('graphic_overlay');
  });
});
