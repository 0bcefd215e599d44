import type { Device } from '@ec/contract/devices';
import type { Shadow, ShadowName } from '@ec/contract/shadows';
import { makeDevice, makeDeviceEntitlements, makeShadowCommand } from './data-generators';
import { type MockCall, mockApi } from './mock-api';

/** The device of the Inputs and Encoders tab tests. */
export const DEVICE_GUID = '00000000-0000-4000-8000-000000000001';
const base = `/devices/${DEVICE_GUID}/shadows`;

export const shadowOf = (
  name: 'Inputs' | 'Encoders',
  state: Record<string, unknown>,
  version = 3,
): Shadow => ({
  shadow_name: name,
  reported: { current_version: version, timestamp: '2026-01-01T12:00:00.000Z', state },
  requested: null,
});

export const videoEncoder = (config: Record<string, unknown> = {}, id = 1) => ({
  id,
  type: 'video',
  status: 'RUNNING',
  current_bitrate: 9850,
  config: {
    active: true,
    in_channel_id: 1,
    name: 'Main Video',
    scaling_resolution: '1920x1080',
    limit_to_30_fps: false,
    selected_codec: 'H264',
    bitrate_mode: 'constant',
    bitrate: 10000,
    h264_profile: 'MAIN',
    h265_profile: 'MAIN',
    keyframe_interval: 1000,
    keyframe_unit: 'MILLISECONDS',
    latency_mode: 'NORMAL',
    sync_group_id: null,
    klv_timestamp_enabled: false,
    cc_processing_enabled: false,
    enable_retry: true,
    allow_outputs_to_adjust_bitrate: false,
    ...config,
  },
});

export const audioEncoder = (config: Record<string, unknown> = {}, id = 2) => ({
  id,
  type: 'audio',
  status: 'NO_INPUT',
  config: {
    name: 'Stereo Audio',
    active: true,
    in_channel_id: 1,
    mix_mode: 'STEREO',
    sample: 'SAMPLE_48_khz',
    codec: 'mpeg4_aac',
    bitrate_mode: 'variable',
    bitrate: 128,
    selected_channels: [1, 2],
    ...config,
  },
});

export const hardwareInput = (config: Record<string, unknown> = {}, id = 1, hw_channel = 0) => ({
  id,
  type: 'hardware',
  hw_channel,
  video_input_format: '1080p59.94',
  audio_input_detected: true,
  config: {
    name: 'Camera 1',
    video_input_type: 'input_sdi',
    video_rotation: 0,
    audio_input_type: 'input_embedded',
    enable_persistent_input: false,
    force_av_mute: false,
    cef: { enable: false, url: '' },
    graphic_overlay: {
      enable: false,
      x_position: 0,
      y_position: 0,
      width: 100,
      height: 100,
      aspect_ratio_lock: 'NO_LOCK',
      preset_location: 'FULLSCREEN',
    },
    sdi_audio_ignore_phase: false,
    ...config,
  },
});

/** Licensed as an Edgecaster's base profile holds it: one of each encoder, AAC and Opus. */
export const ENTITLEMENTS: Record<string, unknown> = {
  'services.cloud.device_config_tab.enabled': true,
  'services.cloud.input_preview.enabled': true,
  'daemon.input.limit': 1,
  'daemon.encoders.video.limit': 1,
  'daemon.encoders.audio.limit': 2,
  'daemon.encoders.audio.max_channels': 6,
  'daemon.input.audio.max_channels': 8,
  'daemon.encoders.data.klv_sync.limit': 1,
  'daemon.encoders.audio.codecs': ['MPEG4_AAC_ADTS', 'OPUS'],
};

/**
 * The API of a device page on the Inputs or Encoders tab: the device, its entitlements, its Inputs and
 * Encoders shadows, and a set command the device applies at version 4.
 */
export function mockDeviceConfigApi(input: {
  inputs?: unknown[];
  encoders?: unknown[];
  device?: Partial<Device>;
  entitlements?: Record<string, unknown>;
}) {
  const device = makeDevice({
    device_guid: DEVICE_GUID,
    daemon_version: 'v11.2.1',
    cloud_version: 'V1.25.0',
    ...input.device,
  });
  const shadows: Record<string, Shadow> = {
    Inputs: shadowOf('Inputs', { inputs: input.inputs ?? [hardwareInput()] }),
    Encoders: shadowOf('Encoders', { encoders: input.encoders ?? [videoEncoder(), audioEncoder()] }),
  };
  let commanded: ShadowName = 'Encoders';
  return mockApi({
    [`GET /devices/${DEVICE_GUID}`]: {
      body: { device, rights: { view: true, control: true, edit: true, admin: false } },
    },
    [`GET /entitlements/devices/${DEVICE_GUID}`]: {
      body: {
        ...makeDeviceEntitlements(DEVICE_GUID),
        product_name: device.product_name,
        properties: input.entitlements ?? ENTITLEMENTS,
      },
    },
    [`GET ${base}`]: (call: MockCall) => ({
      body: { shadows: [shadows[call.search.get('shadow_names') ?? '']].filter(Boolean) },
    }),
    [`POST ${base}/commands`]: (call: MockCall) => {
      commanded =
        (call.body as { commands: { shadow_name: ShadowName }[] }).commands[0]?.shadow_name ?? commanded;
      return { status: 202, body: { commands: [{ shadow_name: commanded, command_guid: 'c1' }] } };
    },
    [`GET ${base}/commands/c1`]: () => ({
      body: { command: makeShadowCommand({ shadow_name: commanded }) },
    }),
  });
}

/** The shadow set command the page sent (not the device commands, such as the input preview's). */
export const sentSet = (calls: MockCall[]) =>
  calls.find((call) => call.method === 'POST' && call.path.endsWith('/shadows/commands'))?.body as
    | {
        command_type: string;
        commands: { shadow_name: string; target_version: number; state: Record<string, unknown[]> }[];
      }
    | undefined;
