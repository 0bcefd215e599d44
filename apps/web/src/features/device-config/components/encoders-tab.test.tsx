import {
  ALLOW_ADJUST_BITRATE_MESSAGE,
  audioChannelsMessage,
  encoderLimitMessage,
} from '@ec/contract/shadow-documents/encoders';
import { maxMessage, minMessage, NUMBER_MESSAGE } from '@ec/contract/shadow-documents/fields';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import {
  audioEncoder,
  DEVICE_GUID,
  mockDeviceConfigApi,
  sentSet,
  videoEncoder,
} from '../../../testing/shadow-list-test-api';
import { UNKNOWN_ENCODER_NOTICE } from './encoders-settings';
import { EncodersTab } from './encoders-tab';

const renderTab = (canEdit = true) =>
  renderWithProviders(<EncodersTab deviceGuid={DEVICE_GUID} online canEdit={canEdit} />);

async function open(user: UserEvent, name: string) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('region', { name: `${name} settings` });
}

async function pick(user: UserEvent, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const encodersSent = (calls: Parameters<typeof sentSet>[0]) =>
  sentSet(calls)?.commands[0]?.state.encoders as {
    id: unknown;
    type: string;
    config: Record<string, unknown>;
  }[];

describe('EncodersTab', () => {
  it('lists the encoders with their type and status in the contract words', async () => {
    mockDeviceConfigApi({
      encoders: [videoEncoder(), audioEncoder(), { id: 7, type: 'hevc_mux', status: 'RUNNING', config: {} }],
    });
    const { user } = renderTab();
    const table = await screen.findByRole('table', { name: 'Encoders' });
    const video = within(table).getByRole('row', { name: /Main Video/ });
    expect(within(video).getByText('Video Encoder')).toBeInTheDocument();
    expect(within(video).getByText('1920x1080 @ 9850 kbps')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Stereo Audio/ })).toHaveTextContent('NO_INPUT');
    expect(within(table).getByRole('row', { name: /Hevc Mux/ })).toHaveTextContent('Active');

    await user.click(within(table).getByRole('button', { name: 'Hevc Mux' }));
    expect(await screen.findByText(UNKNOWN_ENCODER_NOTICE)).toBeInTheDocument();
  });

  it('shows every video field and saves a changed bitrate as a set against the reported version', async () => {
    const calls = mockDeviceConfigApi({});
    const { user } = renderTab();
    const form = await open(user, 'Main Video');
    for (const label of [
      'Name',
      'Input',
      'Scaling Resolution',
      'Codec',
      'H.264 Profile',
      'Encoding Mode',
      'Bitrate (kbps)',
      'Keyframe Interval',
      'Keyframe Unit',
      'Latency Mode',
      'Sync Group',
      'Active',
      'Limit to 30 FPS',
      'KLV Timestamp',
      'Closed Caption Processing',
      'Retry',
      'Allow Outputs to Adjust Bitrate',
    ])
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    expect(within(form).getByText('100 to 50000 kbps')).toBeInTheDocument();

    const bitrate = within(form).getByLabelText('Bitrate (kbps)');
    await user.clear(bitrate);
    await user.type(bitrate, '7500');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The device applied the configuration (version 4).')).toBeInTheDocument();
    const sent = sentSet(calls);
    expect(sent).toMatchObject({
      command_type: 'set',
      commands: [{ shadow_name: 'Encoders', target_version: 3 }],
    });
    expect(encodersSent(calls)).toEqual([
      { id: 1, type: 'video', config: expect.objectContaining({ bitrate: 7500, h264_profile: 'MAIN' }) },
      { id: 2, type: 'audio', config: expect.objectContaining({ codec: 'mpeg4_aac' }) },
    ]);
  });

  it('blocks a bitrate outside 100 to 50000 and what is not a number, with the contract message', async () => {
    mockDeviceConfigApi({});
    const { user } = renderTab();
    const form = await open(user, 'Main Video');
    const bitrate = within(form).getByLabelText('Bitrate (kbps)');
    await user.clear(bitrate);
    await user.type(bitrate, '50');
    expect(await within(form).findByText(minMessage(100))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.clear(bitrate);
    await user.type(bitrate, '60000');
    expect(await within(form).findByText(maxMessage(50000))).toBeInTheDocument();
    await user.clear(bitrate);
    await user.type(bitrate, 'fast');
    expect(await within(form).findByText(NUMBER_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('forces the High profile with H.265 and judges keyframes by their unit', async () => {
    const calls = mockDeviceConfigApi({});
    const { user } = renderTab();
    const form = await open(user, 'Main Video');
    expect(within(form).getByRole('combobox', { name: 'H.264 Profile' })).toHaveTextContent('Main');
    await pick(user, form, 'Codec', 'H.265');
    expect(within(form).getByRole('combobox', { name: 'H.264 Profile' })).toHaveTextContent('High');
    expect(within(form).getByRole('combobox', { name: 'H.265 Profile' })).toHaveTextContent('Main');

    const keyframes = within(form).getByLabelText('Keyframe Interval');
    await user.clear(keyframes);
    await user.type(keyframes, '1200');
    expect(within(form).getByText('41 to 16666 ms')).toBeInTheDocument();
    await pick(user, form, 'Keyframe Unit', 'Frames');
    expect(await within(form).findByText(maxMessage(1000))).toBeInTheDocument();
    await user.clear(keyframes);
    await user.type(keyframes, '60');
    await waitFor(() => expect(within(form).queryByText(maxMessage(1000))).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/The device applied the configuration/);
    expect(encodersSent(calls)[0]?.config).toMatchObject({
      selected_codec: 'H265',
      h264_profile: 'HIGH',
      keyframe_unit: 'FRAMES',
      keyframe_interval: 60,
    });
  });

  it("allows 'Allow Outputs to Adjust Bitrate' only in variable mode", async () => {
    mockDeviceConfigApi({ encoders: [videoEncoder({ bitrate_mode: 'variable' })] });
    const { user } = renderTab();
    const form = await open(user, 'Main Video');
    await user.click(within(form).getByLabelText('Allow Outputs to Adjust Bitrate'));
    expect(within(form).queryByText(ALLOW_ADJUST_BITRATE_MESSAGE)).not.toBeInTheDocument();
    await pick(user, form, 'Encoding Mode', 'Constant Bitrate');
    expect(await within(form).findByText(ALLOW_ADJUST_BITRATE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows every audio field, its bitrates by codec, and the channel limit', async () => {
    mockDeviceConfigApi({});
    const { user } = renderTab();
    const form = await open(user, 'Stereo Audio');
    for (const label of [
      'Name',
      'Input',
      'Codec',
      'Encoding Mode',
      'Bitrate',
      'Mix Mode',
      'Sample Rate',
      'Active',
    ])
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    // The device creates and removes encoders: an existing one keeps its codec.
    expect(within(form).getByRole('combobox', { name: 'Codec' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(form).getByRole('combobox', { name: 'Bitrate' }));
    expect(await screen.findByRole('option', { name: '576 kbps' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    const channels = within(form).getByRole('group', { name: 'Channels' });
    for (const channel of [3, 4, 5, 6, 7])
      await user.click(within(channels).getByLabelText(`Channel ${channel}`));
    expect(await within(form).findByText(audioChannelsMessage(6))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('creates an audio encoder and refuses a video encoder over the licensed count', async () => {
    const calls = mockDeviceConfigApi({});
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Create Encoder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Encoder' });
    expect(within(dialog).getByText(encoderLimitMessage('video', 1))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();

    await pick(user, dialog, 'Encoder Type', 'Audio Encoder');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const table = screen.getByRole('table', { name: 'Encoders' });
    expect(within(table).getByRole('row', { name: /Audio Encoder 2/ })).toHaveTextContent('Not Created');
    const form = screen.getByRole('region', { name: 'Audio Encoder 2 settings' });
    expect(within(form).getByRole('combobox', { name: 'Codec' })).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/The device applied the configuration/);
    expect(encodersSent(calls)[2]).toEqual({
      id: false,
      type: 'audio',
      config: expect.objectContaining({
        name: 'Audio Encoder 2',
        in_channel_id: -1,
        bitrate: 128,
        enable_retry: true,
      }),
    });
  });

  it('shows every sync group field with its defaults', async () => {
    mockDeviceConfigApi({
      encoders: [
        videoEncoder(),
        { id: 5, type: 'sync_group', status: 'RUNNING', config: { video_encoder_ids: [1] } },
      ],
    });
    const { user } = renderTab();
    const form = await open(user, 'MBR Group');
    expect(within(form).getByLabelText('Name')).toHaveValue('MBR Group');
    expect(within(form).getByLabelText('Keyframe Interval')).toHaveValue('2000');
    expect(within(form).getByRole('combobox', { name: 'Keyframe Unit' })).toHaveTextContent('Milliseconds');
    expect(within(form).getByRole('combobox', { name: 'Latency Mode' })).toHaveTextContent('Normal');
    expect(within(form).getByLabelText('Limit to 30 FPS')).not.toBeChecked();
    const members = within(form).getByRole('group', { name: 'Video Encoders' });
    expect(within(members).getByLabelText('Main Video')).toBeChecked();
  });

  it('shows the data encoder fields; another data type drops the settings of the previous one', async () => {
    const calls = mockDeviceConfigApi({
      encoders: [
        {
          id: 6,
          type: 'data',
          status: 'RUNNING',
          config: { name: 'Markers', data_type: 'scte35', splice_duration: 30 },
        },
      ],
    });
    const { user } = renderTab();
    expect(await screen.findByRole('row', { name: /Markers/ })).toHaveTextContent('Active');
    const form = await open(user, 'Markers');
    expect(within(form).queryByLabelText('Input')).not.toBeInTheDocument();
    await pick(user, form, 'Data Type', 'SMPTE 2038');
    expect(within(form).getByRole('combobox', { name: 'Input' })).toHaveTextContent('None');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/The device applied the configuration/);
    expect(encodersSent(calls)[0]?.config).toEqual({
      name: 'Markers',
      data_type: 'smpte2038',
      in_channel_id: -1,
    });
  });

  it('names the data type when its licensed count is reached', async () => {
    mockDeviceConfigApi({
      encoders: [{ id: 6, type: 'data', config: { name: 'KLV', data_type: 'klv_sync' } }],
    });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Create Encoder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Encoder' });
    await pick(user, dialog, 'Encoder Type', 'Data Encoder');
    expect(within(dialog).getByText(encoderLimitMessage('KLV Sync data', 1))).toBeInTheDocument();
    await pick(user, dialog, 'Data Type', 'SCTE-35');
    expect(within(dialog).getByText(encoderLimitMessage('SCTE-35 data', 0))).toBeInTheDocument();
  });

  it('deletes an encoder after confirmation and reverts to what the device reported', async () => {
    mockDeviceConfigApi({});
    const { user } = renderTab();
    const form = await open(user, 'Stereo Audio');
    await user.click(within(form).getByRole('button', { name: 'Delete Encoder' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Encoder' });
    expect(confirm).toHaveTextContent("Delete 'Stereo Audio'?");
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Encoders' });
    await waitFor(() => expect(within(table).queryByText('Stereo Audio')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Revert' }));
    expect(await within(table).findByText('Stereo Audio')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('offers no Create or Delete where the device cannot add or remove encoders, and nothing to readers', async () => {
    mockDeviceConfigApi({ device: { daemon_version: 'v8.5.0' } });
    const { user } = renderTab();
    expect(await screen.findByRole('button', { name: 'Create Encoder' })).toBeDisabled();
    const form = await open(user, 'Main Video');
    expect(within(form).queryByRole('button', { name: 'Delete Encoder' })).not.toBeInTheDocument();
    // Daemons before v10.2.1 have neither caption processing nor strict CBR.
    await user.click(within(form).getByRole('combobox', { name: 'Encoding Mode' }));
    expect(screen.queryByRole('option', { name: 'Strict Constant Bitrate' })).not.toBeInTheDocument();
  });

  it('keeps the forms read-only for a reader', async () => {
    mockDeviceConfigApi({});
    const { user } = renderTab(false);
    const form = await open(user, 'Main Video');
    expect(within(form).getByLabelText('Bitrate (kbps)')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Encoder' })).not.toBeInTheDocument();
  });
});
