import type { ProvisionedDevice } from '@ec/contract/devices';
import type { SystemShadowState } from '@ec/contract/shadow-documents/system';
import type { ShadowName } from '@ec/contract/shadows';
import { withDerivedStatus } from './device-status.ts';
import { DockerEngine } from './docker-engine.ts';
import { inputSignal } from './input-signals.ts';
import { seedOf } from './seed.ts';

export type ShadowState = Record<string, unknown>;

/** How a demo device's outputs look, varied by serial so a fleet shows every streaming status. */
const OUTPUT_PROFILES = ['streaming', 'error', 'idle', 'unconfigured'] as const;
type OutputProfile = (typeof OUTPUT_PROFILES)[number];

/** Inputs without their format and audio, which follow from the config and what is plugged in. */
function inputs(device: ProvisionedDevice): ShadowState {
  const channels = device.product_name === 'edgecaster_max' ? [0, 1] : [0];
  return {
    inputs: channels.map((hw_channel) => ({
      id: hw_channel + 1,
      type: 'hardware',
      hw_channel,
      config: {
        name: `Input ${hw_channel + 1}`,
        video_input_type: hw_channel === 0 ? 'input_sdi' : 'input_hdmi',
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
      },
    })),
  };
}

/** Encoders without their status, which follows from their config and their input. */
function encoders(): ShadowState {
  return {
    encoders: [
      {
        id: 1,
        type: 'video',
        config: {
          active: true,
          in_channel_id: 1,
          name: 'Video 1080p H.264',
          scaling_resolution: 'passthrough',
          limit_to_30_fps: false,
          selected_codec: 'H264',
          bitrate_mode: 'constant',
          bitrate: 10000,
          h264_profile: 'HIGH',
          h265_profile: 'MAIN',
          keyframe_interval: 1000,
          keyframe_unit: 'MILLISECONDS',
          latency_mode: 'NORMAL',
          sync_group_id: null,
          klv_timestamp_enabled: false,
          cc_processing_enabled: false,
          enable_retry: true,
          allow_outputs_to_adjust_bitrate: false,
        },
      },
      {
        id: 2,
        type: 'audio',
        config: {
          name: 'Audio AAC stereo',
          active: true,
          in_channel_id: 1,
          mix_mode: 'STEREO',
          sample: 'SAMPLE_48_khz',
          codec: 'mpeg4_aac',
          bitrate_mode: 'variable',
          bitrate: 128,
          selected_channels: [1, 2],
        },
      },
    ],
  };
}

const thumbnailOutput = {
  id: 9,
  type: 'thumbnail',
  config: {
    enable: true,
    name: 'Preview',
    sources: { video: [1], audio: [], data: [] },
    width: 320,
    interval: 5,
  },
};

/**
 * Outputs without their status, which follows from their config: the error profile sends to a
 * documentation address, which the simulated network never reaches (see `isReachable`).
 */
function outputs(profile: OutputProfile): ShadowState {
  if (profile === 'unconfigured') return { outputs: [thumbnailOutput] };
  return {
    outputs: [
      {
        id: 1,
        type: 'srt',
        config: {
          enable: profile !== 'idle',
          name: 'SRT to production',
          sources: { video: [1], audio: [2], data: [] },
          call_mode: 'CALLER',
          destination_ip: profile === 'error' ? '203.0.113.10' : 'srt.example.com',
          destination_port: 9000,
          latency: 120,
          bw_overhead: 25,
          stream_id: '',
          encryption_enabled: false,
          key_size: 'AES128',
          passphrase: '',
        },
      },
      {
        id: 2,
        type: 'rtsp',
        config: {
          enable: false,
          name: 'Local RTSP',
          sources: { video: [1], audio: [2], data: [] },
          stream_name: 'stream',
          server_port: 554,
        },
      },
      thumbnailOutput,
    ],
  };
}

export function systemState(device: ProvisionedDevice, ipAddress: string): SystemShadowState {
  return {
    config: {
      device_name: `${device.product_name === 'edgecaster_max' ? 'Edgecaster Max' : 'Edgecaster'} ${device.serial_number}`,
      ip_scheme: 'dhcp',
      static_network: null,
      ntp_server: 'pool.ntp.org',
      timezone: device.product_name === 'edgecaster' ? 'UTC' : 'America/New_York',
      xml: { enabled: false, url: '', poll_interval: 60, username: '', password: '' },
    },
    status: {
      mac_address: device.mac_address,
      net_connected: true,
      ip_address: ipAddress,
      dns_addresses: ['192.168.1.1', '8.8.8.8'],
    },
  };
}

const alert = (
  name: string,
  label: string,
  type: string,
  enabled: boolean,
  threshold: unknown,
  condition: string,
) => ({
  alert_guid: `${name}-default`,
  type,
  name,
  label,
  category: 'device',
  alert_state: 'ok',
  config: {
    enabled,
    threshold_value: threshold,
    threshold_condition: condition,
    notify_on_close: true,
    user_list: [],
    email_list: [],
  },
});

function alerts(): ShadowState {
  return {
    alerts: [
      alert('thermal_system_temp_current', 'High Temperature', 'metric', true, 80, 'GreaterThan'),
      alert('memory_system_percent_used', 'High Memory Utilization', 'metric', true, 90, 'GreaterThan'),
      alert(
        'filesystem_userdata_percent_used',
        'High Filesystem Utilization',
        'metric',
        false,
        90,
        'GreaterThan',
      ),
      alert('status_code', 'Output Error', 'outputs', true, 'RUNNING', 'NotEqualTo'),
    ],
  };
}

/** The six documents a device boots with (spec 3 §3). */
export function initialShadows(
  device: ProvisionedDevice,
  ipAddress: string,
): Record<ShadowName, ShadowState> {
  const profile = OUTPUT_PROFILES[seedOf(device.serial_number) % OUTPUT_PROFILES.length]!;
  const derived = withDerivedStatus(
    { Inputs: inputs(device), Encoders: encoders(), Outputs: outputs(profile) },
    (hwChannel) => inputSignal(device.serial_number, hwChannel),
  );
  return {
    ...derived,
    System: systemState(device, ipAddress),
    Alerts: alerts(),
    Containers: new DockerEngine(device.serial_number).document(),
  };
}
