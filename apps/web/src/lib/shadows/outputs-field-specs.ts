import type { OutputType } from '@ec/contract/shadow-documents/output-types';
import {
  CHUNK_UNITS,
  FILE_FORMATS,
  FILE_TIMEZONES,
  HTTP_PUSH_SERVICES,
  KEY_SIZES,
  MANIFEST_PROTOCOLS,
  MEDIA_CONTAINERS,
  RTMP_SERVICES,
  SRT_CALL_MODES,
  STREAM_PROTOCOLS,
  WHIP_SERVICES,
} from '@ec/contract/shadow-documents/outputs';
import type { OutputFeature } from '@ec/contract/version-gates';

/**
 * How the Outputs tab shows each type's settings (spec 3 §3.4): labels, choices and when a field
 * applies. Fields, options and defaults come from the contract; only the words are the console's.
 */

export interface Option {
  value: string;
  label: string;
}

type Config = Record<string, unknown>;

interface BaseSpec {
  /** The field's path inside the output's config. */
  name: string;
  label: string;
  /** Shown only while this holds (e.g. the passphrase while encryption is on). */
  when?: (config: Config) => boolean;
  /** Shown only on devices that run the feature (spec 3 §9). */
  gate?: OutputFeature;
  hint?: string;
}

export type FieldSpec =
  | (BaseSpec & { kind: 'text'; secret?: boolean })
  | (BaseSpec & { kind: 'number' })
  | (BaseSpec & { kind: 'switch' })
  | (BaseSpec & { kind: 'select' | 'multi'; options: readonly Option[] });

const options = <T extends string>(labels: Record<T, string>, values: readonly T[]): Option[] =>
  values.map((value) => ({ value, label: labels[value] }));

export const RTMP_SERVICE_OPTIONS = options(
  {
    generic: 'Generic RTMP',
    akamai: 'Akamai',
    aws_ivs: 'Amazon IVS',
    wowza: 'Wowza Streaming Engine',
    wowza_cloud: 'Wowza Video',
    youtube: 'YouTube',
    facebook: 'Facebook',
    mux: 'Mux',
  },
  RTMP_SERVICES,
);
export const HTTP_PUSH_SERVICE_OPTIONS = options(
  { generic: 'Generic HTTP', akamai: 'Akamai', aws_mediapackage: 'AWS Elemental MediaPackage' },
  HTTP_PUSH_SERVICES,
);
export const WHIP_SERVICE_OPTIONS = options({ generic: 'Generic WHIP', dolby_io: 'Dolby.io' }, WHIP_SERVICES);

const on = (field: string) => (config: Config) => config[field] === true;
const ftpOn = (config: Config) => (config.ftp_config as Config | undefined)?.enable === true;

const ULL_FIELDS: FieldSpec[] = [
  { kind: 'switch', name: 'ULL_enable', label: 'Ultra Low Latency' },
  {
    kind: 'select',
    name: 'ULL_chunk_unit',
    label: 'Chunk Unit',
    options: options({ FRAMES: 'Frames', MILLISECONDS: 'Milliseconds' }, CHUNK_UNITS),
    when: on('ULL_enable'),
  },
  { kind: 'number', name: 'ULL_chunk_interval', label: 'Chunk Interval', when: on('ULL_enable') },
  {
    kind: 'number',
    name: 'ULL_target_latency_ms',
    label: 'Target Latency (ms)',
    when: on('ULL_enable'),
    gate: 'httpSettings',
  },
];

const SEGMENT_FIELDS: FieldSpec[] = [
  {
    kind: 'select',
    name: 'media_container',
    label: 'Media Container',
    options: options({ FMP4: 'Fragmented MP4', TS: 'MPEG-TS' }, MEDIA_CONTAINERS),
  },
  { kind: 'number', name: 'segment_length', label: 'Segment Length (s)' },
  { kind: 'number', name: 'number_of_segments', label: 'Number of Segments' },
];

const PROTOCOL: FieldSpec = {
  kind: 'select',
  name: 'protocol',
  label: 'Protocol',
  options: options({ RTP: 'RTP', RAW_UDP: 'Raw UDP' }, STREAM_PROTOCOLS),
};
const KEY_SIZE = (when: (config: Config) => boolean): FieldSpec => ({
  kind: 'select',
  name: 'key_size',
  label: 'Key Size',
  options: options({ AES128: 'AES-128', AES192: 'AES-192', AES256: 'AES-256' }, KEY_SIZES),
  when,
});

/** Each type's own settings, beside the common ones, the encoders and the provider (spec 3 §3.4). */
export const OUTPUT_FIELDS: Record<OutputType, readonly FieldSpec[]> = {
  multicast: [
    { kind: 'text', name: 'destination_ip', label: 'Destination IP' },
    { kind: 'number', name: 'destination_port', label: 'Destination Port' },
    PROTOCOL,
    { kind: 'number', name: 'ttl', label: 'TTL' },
  ],
  unicast: [
    { kind: 'text', name: 'destination_ip', label: 'Destination IP' },
    { kind: 'number', name: 'destination_port', label: 'Destination Port' },
    PROTOCOL,
  ],
  rtmp: [],
  file: [
    { kind: 'text', name: 'filename_base', label: 'File Name Prefix' },
    {
      kind: 'select',
      name: 'file_format',
      label: 'File Format',
      options: options({ MP4: 'MP4', TS: 'MPEG-TS' }, FILE_FORMATS),
    },
    {
      kind: 'select',
      name: 'filename_timezone',
      label: 'File Name Time Zone',
      options: options({ UTC: 'UTC', LOCALTIME: 'Local time' }, FILE_TIMEZONES),
    },
    { kind: 'switch', name: 'enable_max_file_size', label: 'Limit File Size' },
    {
      kind: 'number',
      name: 'max_file_size',
      label: 'Maximum File Size (bytes)',
      when: on('enable_max_file_size'),
    },
    { kind: 'switch', name: 'delete_oldest_when_full', label: 'Delete Oldest Recordings When Full' },
    { kind: 'switch', name: 'ftp_config.enable', label: 'Upload Recordings by FTP' },
    { kind: 'text', name: 'ftp_config.server', label: 'FTP Server', when: ftpOn },
    { kind: 'number', name: 'ftp_config.port', label: 'FTP Port', when: ftpOn },
    { kind: 'text', name: 'ftp_config.file_path', label: 'FTP Folder', when: ftpOn },
    { kind: 'text', name: 'ftp_config.username', label: 'FTP Username', when: ftpOn },
    { kind: 'text', name: 'ftp_config.password', label: 'FTP Password', secret: true, when: ftpOn },
    { kind: 'text', name: 'ftp_config.sftp_key', label: 'SFTP Key', secret: true, when: ftpOn },
    {
      kind: 'switch',
      name: 'ftp_config.delete_file_after_upload',
      label: 'Delete Files After Upload',
      when: ftpOn,
    },
  ],
  rtsp: [
    { kind: 'text', name: 'stream_name', label: 'Stream Name' },
    { kind: 'number', name: 'server_port', label: 'Server Port' },
  ],
  http_pull: [...SEGMENT_FIELDS, ...ULL_FIELDS],
  http_push: [
    {
      kind: 'multi',
      name: 'protocols',
      label: 'Manifests',
      options: options({ HLS: 'HLS', DASH: 'DASH' }, MANIFEST_PROTOCOLS),
    },
    ...SEGMENT_FIELDS,
    { kind: 'switch', name: 'save_segment_window', label: 'Save Segment Window' },
    { kind: 'switch', name: 'enable_synchronization', label: 'Synchronize DASH' },
    {
      kind: 'number',
      name: 'synchronized_dash_presentation_delay',
      label: 'DASH Presentation Delay (s)',
      when: on('enable_synchronization'),
    },
    {
      kind: 'text',
      name: 'synchronized_dash_time_service',
      label: 'DASH Time Service',
      when: on('enable_synchronization'),
    },
    { kind: 'switch', name: 'enable_retry', label: 'Retry When the Connection Fails', gate: 'httpPushRetry' },
    ...ULL_FIELDS,
  ],
  srt: [
    {
      kind: 'select',
      name: 'call_mode',
      label: 'Call Mode',
      options: options({ CALLER: 'Caller', LISTENER: 'Listener' }, SRT_CALL_MODES),
    },
    {
      kind: 'text',
      name: 'destination_ip',
      label: 'Destination',
      hint: 'IP address or host name',
      when: (config) => config.call_mode === 'CALLER',
    },
    { kind: 'number', name: 'destination_port', label: 'Port' },
    { kind: 'number', name: 'latency', label: 'Latency (ms)' },
    { kind: 'number', name: 'bw_overhead', label: 'Bandwidth Overhead (%)' },
    { kind: 'text', name: 'stream_id', label: 'Stream ID' },
    { kind: 'switch', name: 'encryption_enabled', label: 'Encryption' },
    KEY_SIZE(on('encryption_enabled')),
    {
      kind: 'text',
      name: 'passphrase',
      label: 'Passphrase',
      secret: true,
      when: on('encryption_enabled'),
    },
  ],
  zixi: [
    { kind: 'text', name: 'destination_ip', label: 'Destination', hint: 'IP address or host name' },
    { kind: 'number', name: 'destination_port', label: 'Port' },
    { kind: 'number', name: 'max_latency_ms', label: 'Maximum Latency (ms)' },
    { kind: 'number', name: 'fec_percentage', label: 'FEC (%)' },
    { kind: 'text', name: 'stream_id', label: 'Stream ID' },
    { kind: 'text', name: 'passphrase', label: 'Stream Password', secret: true },
    { kind: 'switch', name: 'encryption_enabled', label: 'Encryption' },
    KEY_SIZE(on('encryption_enabled')),
    {
      kind: 'text',
      name: 'encryption_key',
      label: 'Encryption Key',
      secret: true,
      when: on('encryption_enabled'),
    },
    {
      kind: 'switch',
      name: 'enable_back_pressure_bitrate_adjustment',
      label: 'Adjust the Encoder Bitrate to Back Pressure',
      gate: 'zixiBackPressure',
    },
  ],
  whip: [],
  thumbnail: [
    { kind: 'number', name: 'width', label: 'Width (px)' },
    { kind: 'number', name: 'interval', label: 'Updates per Second' },
  ],
};

export interface ProviderField {
  /** The key inside service_data. */
  name: string;
  label: string;
  secret?: boolean;
}

/**
 * What each provider's service_data holds (spec 3 §3.4); the RTMP platforms and Dolby.io hold nothing
 * here: they are managed on the device (spec 3 §8).
 */
const PROVIDER_FIELDS: Partial<Record<OutputType, Record<string, ProviderField[]>>> = {
  rtmp: { generic: [{ name: 'url', label: 'RTMP URL' }] },
  http_push: {
    generic: [
      { name: 'push_url', label: 'Primary URL' },
      { name: 'push_url_secondary', label: 'Secondary URL' },
    ],
    akamai: [
      { name: 'primary_url', label: 'Primary URL' },
      { name: 'backup_url', label: 'Backup URL' },
    ],
    aws_mediapackage: [
      { name: 'url', label: 'URL' },
      { name: 'url_secondary', label: 'Secondary URL' },
      { name: 'access_key', label: 'Access Key' },
      { name: 'secret_key', label: 'Secret Key', secret: true },
      { name: 'session_token', label: 'Session Token', secret: true },
    ],
  },
  whip: {
    generic: [
      { name: 'url', label: 'WHIP URL' },
      { name: 'authorization_token', label: 'Bearer Token', secret: true },
    ],
  },
};

/** The provider choices of the types that push to a service; undefined for the others. */
export const SERVICE_OPTIONS: Partial<Record<OutputType, readonly Option[]>> = {
  rtmp: RTMP_SERVICE_OPTIONS,
  http_push: HTTP_PUSH_SERVICE_OPTIONS,
  whip: WHIP_SERVICE_OPTIONS,
};

/** The service_data fields of a provider: null for a type without providers, empty for a named platform. */
export function providerFields(type: string, serviceName: unknown): ProviderField[] | null {
  const byService = PROVIDER_FIELDS[type as OutputType];
  if (!byService) return null;
  return byService[String(serviceName)] ?? [];
}

/** Spec 3 §8: a non-generic RTMP or WHIP provider. */
export const PROVIDER_ON_DEVICE_NOTICE =
  'This Streaming Provider must be managed directly on the device at this time.';

/** What the console says about a provider other than the generic one. */
export function providerNotice(type: string, serviceName: unknown): string | null {
  if (!serviceName || serviceName === 'generic') return null;
  if (type === 'rtmp' || type === 'whip') return PROVIDER_ON_DEVICE_NOTICE;
  if (serviceName === 'akamai') return 'Akamai: the primary and backup ingest URLs of your Akamai stream.';
  if (serviceName === 'aws_mediapackage')
    return 'AWS Elemental MediaPackage: the ingest URLs of the channel, and the credentials of an IAM user allowed to write to it.';
  return null;
}

const COMMON_LABELS: Record<string, string> = {
  enable: 'Enabled',
  name: 'Name',
  'sources.video': 'Video Encoders',
  'sources.audio': 'Audio Encoders',
  'sources.data': 'Data Encoders',
  service_name: 'Provider',
  service_data: 'Provider Settings',
  device_selection_policy: 'Drive Selection',
  device_selection_policy_data: 'Recording Drive',
};

/** A config field as the editor labels it, for notices that list fields ('Destination IP'). */
export function outputFieldLabel(type: string, field: string): string {
  const spec = OUTPUT_FIELDS[type as OutputType]?.find((candidate) => candidate.name === field);
  if (spec) return spec.label;
  const [head, key] = field.split('.');
  if (head === 'service_data' && key) {
    const provider = Object.values(PROVIDER_FIELDS[type as OutputType] ?? {})
      .flat()
      .find((candidate) => candidate.name === key);
    if (provider) return provider.label;
  }
  return COMMON_LABELS[field] ?? field;
}
