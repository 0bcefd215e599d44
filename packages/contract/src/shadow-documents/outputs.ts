import { z } from 'zod';
import { outputLimit } from '../entitlements/entitlement-gates.ts';
import type { OutputFeature } from '../version-gates.ts';
import {
  configOf,
  entriesOf,
  entryIdSchema,
  HOST_MESSAGE,
  IP_MESSAGE,
  int,
  isHostOrIp,
  isIpAddress,
  issue,
  isUrl,
  num,
  overLimit,
  PORT_RANGE,
  rangeIssues,
  type ShadowIssue,
  type ShadowSetContext,
  setEntryIdSchema,
  typedEntry,
  URL_MESSAGE,
  unknownTypeSchema,
} from './fields.ts';
import { isKnownOutputType, OUTPUT_TYPE_LABELS, OUTPUT_TYPES, type OutputType } from './output-types.ts';

/** Outputs shadow (spec 3 §3.4, §9). */

export const STREAM_PROTOCOLS = ['RTP', 'RAW_UDP'] as const;
export const RTMP_SERVICES = [
  'generic',
  'akamai',
  'aws_ivs',
  'wowza',
  'wowza_cloud',
  'youtube',
  'facebook',
  'mux',
] as const;
export const FILE_FORMATS = ['MP4', 'TS'] as const;
export const FILE_TIMEZONES = ['UTC', 'LOCALTIME'] as const;
export const DRIVE_TYPES = ['MMC', 'USB', 'OTHER'] as const;
export const MEDIA_CONTAINERS = ['FMP4', 'TS'] as const;
export const CHUNK_UNITS = ['FRAMES', 'MILLISECONDS'] as const;
export const MANIFEST_PROTOCOLS = ['HLS', 'DASH'] as const;
export const HTTP_PUSH_SERVICES = ['generic', 'akamai', 'aws_mediapackage'] as const;
export const SRT_CALL_MODES = ['CALLER', 'LISTENER'] as const;
export const KEY_SIZES = ['AES128', 'AES192', 'AES256'] as const;
export const WHIP_SERVICES = ['generic', 'dolby_io'] as const;

export const OUTPUT_DEFAULTS = {
  multicastPort: 1000,
  multicastTtl: 5,
  filenameBase: 'VID',
  maxFileSize: 2_000_000_000,
  ftpPort: 21,
  rtspStreamName: 'stream',
  rtspPort: 554,
  segmentLength: 2,
  numberOfSegments: 10,
  chunkInterval: 3,
  targetLatencyMs: 4000,
  dashPresentationDelay: 2,
  srtLatency: 120,
  srtBwOverhead: 25,
  zixiPort: 2088,
  zixiMaxLatencyMs: 3000,
  zixiFec: 30,
  thumbnailWidth: 320,
  thumbnailInterval: 5,
} as const;
/** Passphrase of an encrypted SRT output (spec 3 §5, §9). */
/**
 * Settings an output has where the daemon runs them (spec 3 §3.4, §9), with their defaults: the HTTP
 * outputs' ULL target latency (4000 ms from daemon v9.5.0) and HTTP push's retry. A new output of the
 * console starts with them; a device fills them into a set that leaves them out.
 */
export const GATED_OUTPUT_DEFAULTS: Partial<Record<OutputType, readonly [OutputFeature, string, unknown][]>> =
  {
    http_pull: [['httpSettings', 'ULL_target_latency_ms', OUTPUT_DEFAULTS.targetLatencyMs]],
    http_push: [
      ['httpSettings', 'ULL_target_latency_ms', OUTPUT_DEFAULTS.targetLatencyMs],
      ['httpPushRetry', 'enable_retry', false],
    ],
  };

export const PASSPHRASE_LENGTH = { min: 10, max: 79 } as const;
/** Multicast destinations: the IPv4 multicast block. */
export const MULTICAST_RANGE = { from: '224.0.0.0', to: '239.255.255.255' } as const;
/** Above this width the input preview may show only on the device's own interface (spec 3 §5). */
export const THUMBNAIL_WIDTH_WARNING_ABOVE = 320;

const sourcesSchema = z.object({
  video: z.array(int()).default([]),
  audio: z.array(int()).default([]),
  data: z.array(int()).default([]),
});

const common = {
  enable: z.boolean().default(false),
  name: z.string(),
  sources: sourcesSchema.default({ video: [], audio: [], data: [] }),
};

/** password, passphrase, sftp_key, service_data and encryption_key may be absent: devices keep them. */
const ftpConfigSchema = z.object({
  enable: z.boolean().default(false),
  server: z.string().default(''),
  port: int().default(OUTPUT_DEFAULTS.ftpPort),
  file_path: z.string().default(''),
  username: z.string().default(''),
  password: z.string().optional(),
  sftp_key: z.string().optional(),
  delete_file_after_upload: z.boolean().default(false),
});

const httpPullFields = {
  media_container: z.enum(MEDIA_CONTAINERS),
  segment_length: num().default(OUTPUT_DEFAULTS.segmentLength),
  number_of_segments: int().default(OUTPUT_DEFAULTS.numberOfSegments),
  ULL_enable: z.boolean().default(false),
  ULL_chunk_unit: z.enum(CHUNK_UNITS).default('FRAMES'),
  ULL_chunk_interval: num().default(OUTPUT_DEFAULTS.chunkInterval),
  /** Daemon v9.5.0 and newer (default 4000 there). */
  ULL_target_latency_ms: num().optional(),
};

export const OUTPUT_CONFIG_SCHEMAS = {
  multicast: z.object({
    ...common,
    destination_ip: z.string(),
    destination_port: int().default(OUTPUT_DEFAULTS.multicastPort),
    protocol: z.enum(STREAM_PROTOCOLS),
    ttl: int().default(OUTPUT_DEFAULTS.multicastTtl),
  }),
  unicast: z.object({
    ...common,
    destination_ip: z.string(),
    destination_port: int(),
    protocol: z.enum(STREAM_PROTOCOLS),
  }),
  rtmp: z.object({
    ...common,
    service_name: z.enum(RTMP_SERVICES).default('generic'),
    service_data: z.string().optional(),
  }),
  file: z.object({
    ...common,
    filename_base: z.string().default(OUTPUT_DEFAULTS.filenameBase),
    file_format: z.enum(FILE_FORMATS),
    filename_timezone: z.enum(FILE_TIMEZONES).default('UTC'),
    enable_max_file_size: z.boolean().default(true),
    max_file_size: num().default(OUTPUT_DEFAULTS.maxFileSize),
    delete_oldest_when_full: z.boolean().default(false),
    device_selection_policy: z.string().default('ATTACH_TIME_FIRST'),
    device_selection_policy_data: z.string().nullable().optional(),
    ftp_config: ftpConfigSchema.optional(),
  }),
  rtsp: z.object({
    ...common,
    stream_name: z.string().default(OUTPUT_DEFAULTS.rtspStreamName),
    server_port: int().default(OUTPUT_DEFAULTS.rtspPort),
  }),
  http_pull: z.object({ ...common, ...httpPullFields }),
  http_push: z.object({
    ...common,
    ...httpPullFields,
    protocols: z.array(z.enum(MANIFEST_PROTOCOLS)),
    service_name: z.enum(HTTP_PUSH_SERVICES).default('generic'),
    service_data: z.string().optional(),
    save_segment_window: z.boolean().optional(),
    enable_synchronization: z.boolean().optional(),
    synchronized_dash_presentation_delay: num().default(OUTPUT_DEFAULTS.dashPresentationDelay),
    synchronized_dash_time_service: z.string().optional(),
    enable_retry: z.boolean().optional(),
  }),
  srt: z.object({
    ...common,
    call_mode: z.enum(SRT_CALL_MODES),
    destination_ip: z.string().default(''),
    destination_port: int(),
    latency: int().default(OUTPUT_DEFAULTS.srtLatency),
    bw_overhead: num().default(OUTPUT_DEFAULTS.srtBwOverhead),
    stream_id: z.string().default(''),
    encryption_enabled: z.boolean().default(false),
    key_size: z.enum(KEY_SIZES).default('AES128'),
    passphrase: z.string().optional(),
  }),
  zixi: z.object({
    ...common,
    destination_ip: z.string(),
    destination_port: int().default(OUTPUT_DEFAULTS.zixiPort),
    max_latency_ms: int().default(OUTPUT_DEFAULTS.zixiMaxLatencyMs),
    fec_percentage: num().default(OUTPUT_DEFAULTS.zixiFec),
    stream_id: z.string().default(''),
    passphrase: z.string().optional(),
    encryption_enabled: z.boolean().default(false),
    key_size: z.enum(KEY_SIZES).default('AES128'),
    encryption_key: z.string().optional(),
    enable_back_pressure_bitrate_adjustment: z.boolean().default(false),
  }),
  whip: z.object({
    ...common,
    service_name: z.enum(WHIP_SERVICES).default('generic'),
    service_data: z.string().optional(),
  }),
  thumbnail: z.object({
    ...common,
    width: int().default(OUTPUT_DEFAULTS.thumbnailWidth),
    interval: num().default(OUTPUT_DEFAULTS.thumbnailInterval),
  }),
} as const satisfies Record<OutputType, z.ZodType>;

export const outputStatusSchema = z.object({
  status_code: z.string().nullable().optional(),
  status_message: z.string().nullable().optional(),
  /** File outputs: the FTP upload's state. */
  ftp_state: z.string().nullable().optional(),
});

/**
 * What a device writes in an output's status (spec 2 §4.1, §4.3): STREAM_RUNNING while it streams
 * (RUNNING for a local recording or preview), otherwise a code with a readable message that the Output
 * Status column shows. A disabled output has no code.
 */
export const OUTPUT_STATUSES = {
  streaming: { status_code: 'STREAM_RUNNING', status_message: 'Streaming' },
  running: { status_code: 'RUNNING', status_message: 'Running' },
  starting: { status_code: 'STARTING', status_message: 'Starting' },
  notEnabled: { status_code: null, status_message: 'Not Enabled' },
  encoderInactive: { status_code: 'ERROR_ENCODER_INACTIVE', status_message: 'Encoder is not running' },
  noInput: { status_code: 'ERROR_NO_INPUT', status_message: 'No input signal' },
  remoteUnreachable: { status_code: 'ERROR_REMOTE_UNREACHABLE', status_message: 'Can not connect to URL' },
} as const satisfies Record<string, z.infer<typeof outputStatusSchema>>;
export type OutputStatus = (typeof OUTPUT_STATUSES)[keyof typeof OUTPUT_STATUSES];

const reportedOf = <T extends OutputType>(type: T) =>
  z.object({
    id: entryIdSchema,
    type: z.literal(type),
    config: OUTPUT_CONFIG_SCHEMAS[type],
    status: outputStatusSchema.nullable().optional(),
  });
const setOf = <T extends OutputType>(type: T) =>
  z.object({ id: setEntryIdSchema, type: z.literal(type), config: OUTPUT_CONFIG_SCHEMAS[type] });
const perType = <S extends z.ZodType>(of: (type: OutputType) => S) =>
  Object.fromEntries(OUTPUT_TYPES.map((type) => [type, of(type)])) as Record<OutputType, S>;

/** An output of a type this console does not know (generic included): parsed, not judged. */
const unknownConfigSchema = z.record(z.string(), z.unknown());

export const outputSchema = typedEntry(
  perType(reportedOf),
  z.object({
    id: entryIdSchema,
    type: unknownTypeSchema(OUTPUT_TYPES),
    config: unknownConfigSchema,
    status: outputStatusSchema.nullable().optional(),
  }),
);
export type Output = z.output<typeof outputSchema>;

export const driveSchema = z.object({
  uuid: z.string(),
  type: z.enum(DRIVE_TYPES),
  size: num(),
  free_space: num(),
});

export const outputsShadowStateSchema = z.object({
  outputs: z.array(outputSchema),
  /** The storage a file output may record to. */
  drives: z.array(driveSchema).optional(),
});
export type OutputsShadowState = z.infer<typeof outputsShadowStateSchema>;

export const outputsSetSchema = z.object({
  outputs: z.array(
    typedEntry(
      perType(setOf),
      z.object({ id: setEntryIdSchema, type: unknownTypeSchema(OUTPUT_TYPES), config: unknownConfigSchema }),
    ),
  ),
});

export const ENCODER_REQUIRED_MESSAGE = 'Encoder selection is required';
export const SINGLE_INPUT_MESSAGE =
  'All encoders for an output must be from a single input! This output will not stream properly.';
export const MULTICAST_MESSAGE = `Destination must be a multicast address from ${MULTICAST_RANGE.from} to ${MULTICAST_RANGE.to}`;
export const PASSPHRASE_MESSAGE = `Passphrase must be ${PASSPHRASE_LENGTH.min} to ${PASSPHRASE_LENGTH.max} characters`;
export const BACK_PRESSURE_NOT_ALLOWED_MESSAGE =
  'The selected Video Encoder does not allow its bitrate to be adjusted by Zixi back pressure.';
export const BACK_PRESSURE_ONE_PER_ENCODER_MESSAGE =
  'Only one Zixi output can have back pressure bitrate adjustment enabled for each video encoder.';
export const MANIFEST_REQUIRED_MESSAGE = 'You need at least one manifest';
export const WHIP_VIDEO_MESSAGE = 'WHIP needs an H264 video encoder';
export const WHIP_AUDIO_MESSAGE = 'WHIP needs Opus audio encoders';
export const THUMBNAIL_WIDTH_WARNING =
  'Configuring image width to a value greater than 320 may result in AV Input Preview only being visible in the local device interface.';
export const SHARED_ENCODER_WARNING =
  'This video encoder is also used by another output, which may cause undesirable behaviour.';
export const requiredMessage = (field: string) => `${field} is required`;
export const outputLimitMessage = (type: string, limit: number) =>
  `Unable to add another ${isKnownOutputType(type) ? OUTPUT_TYPE_LABELS[type] : type} output. This device is licensed for ${limit} instance(s).`;

/** Types that stream an encoder's video: enabled, they need one (spec 3 §5). */
export const ENCODER_REQUIRED_TYPES: readonly OutputType[] = [
  'multicast',
  'unicast',
  'rtmp',
  'file',
  'rtsp',
  'http_pull',
  'http_push',
  'srt',
  'zixi',
  'whip',
];

/** The provider fields HTTP push needs (spec 3 §5): a primary URL, or MediaPackage's credentials. */
const HTTP_PUSH_REQUIRED: Record<(typeof HTTP_PUSH_SERVICES)[number], [string, string][]> = {
  generic: [['push_url', 'Primary URL']],
  akamai: [['primary_url', 'Primary URL']],
  aws_mediapackage: [
    ['url', 'URL'],
    ['access_key', 'Access key'],
    ['secret_key', 'Secret key'],
  ],
};
const URL_FIELDS = new Set([
  'push_url',
  'push_url_secondary',
  'primary_url',
  'backup_url',
  'url',
  'url_secondary',
]);

function ipv4Number(value: unknown): number | undefined {
  if (typeof value !== 'string' || !z.ipv4().safeParse(value).success) return undefined;
  return value.split('.').reduce((total, part) => total * 256 + Number(part), 0);
}
export const isMulticastAddress = (value: unknown) => {
  const address = ipv4Number(value);
  return (
    address !== undefined &&
    address >= ipv4Number(MULTICAST_RANGE.from)! &&
    address <= ipv4Number(MULTICAST_RANGE.to)!
  );
};

/** Service data is JSON text; anything unreadable counts as empty. */
function serviceData(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const sourceIds = (config: Record<string, unknown>, kind: 'video' | 'audio' | 'data'): unknown[] => {
  const sources = config.sources as Record<string, unknown> | undefined;
  return Array.isArray(sources?.[kind]) ? (sources[kind] as unknown[]) : [];
};

interface EncoderLookup {
  byId: Map<unknown, Record<string, unknown>>;
}

function portIssues(path: (string | number)[], value: unknown) {
  return rangeIssues(path, value, PORT_RANGE.min, PORT_RANGE.max);
}

function outputIssues(
  output: Record<string, unknown>,
  index: number,
  encoders: EncoderLookup,
): ShadowIssue[] {
  const config = configOf(output);
  const at = (...path: (string | number)[]) => ['outputs', index, 'config', ...path];
  const issues: ShadowIssue[] = [];
  const type = output.type;
  if (!isKnownOutputType(type)) return issues;
  const video = sourceIds(config, 'video');
  if (config.enable === true && ENCODER_REQUIRED_TYPES.includes(type) && video.length === 0)
    issues.push(issue(at('sources', 'video'), ENCODER_REQUIRED_MESSAGE));

  const used = [...video, ...sourceIds(config, 'audio'), ...sourceIds(config, 'data')]
    .map((id) => encoders.byId.get(id))
    .map((encoder) => (encoder ? configOf(encoder).in_channel_id : undefined))
    .filter((channel) => typeof channel === 'number' && channel >= 0);
  if (new Set(used).size > 1) issues.push(issue(at('sources'), SINGLE_INPUT_MESSAGE));

  switch (type) {
    case 'rtmp': {
      // Service data the set leaves out is the device's to keep; a platform's is set up on the device.
      if (typeof config.service_data !== 'string' || (config.service_name ?? 'generic') !== 'generic') break;
      const url = serviceData(config.service_data).url;
      const given = typeof url === 'string' && url !== '';
      if (given && !isUrl(url)) issues.push(issue(at('service_data', 'url'), URL_MESSAGE));
      else if (!given && config.enable === true)
        issues.push(issue(at('service_data', 'url'), requiredMessage('RTMP URL')));
      break;
    }
    case 'multicast':
      if (!isMulticastAddress(config.destination_ip))
        issues.push(issue(at('destination_ip'), MULTICAST_MESSAGE));
      issues.push(...portIssues(at('destination_port'), config.destination_port));
      break;
    case 'unicast':
      if (!isIpAddress(config.destination_ip)) issues.push(issue(at('destination_ip'), IP_MESSAGE));
      issues.push(...portIssues(at('destination_port'), config.destination_port));
      break;
    case 'srt':
      if (config.call_mode === 'CALLER' && !isHostOrIp(config.destination_ip))
        issues.push(issue(at('destination_ip'), HOST_MESSAGE));
      issues.push(...portIssues(at('destination_port'), config.destination_port));
      issues.push(...rangeIssues(at('bw_overhead'), config.bw_overhead, 0, 100));
      if (
        config.encryption_enabled === true &&
        typeof config.passphrase === 'string' &&
        (config.passphrase.length < PASSPHRASE_LENGTH.min || config.passphrase.length > PASSPHRASE_LENGTH.max)
      )
        issues.push(issue(at('passphrase'), PASSPHRASE_MESSAGE));
      break;
    case 'zixi': {
      if (!isHostOrIp(config.destination_ip)) issues.push(issue(at('destination_ip'), HOST_MESSAGE));
      issues.push(...portIssues(at('destination_port'), config.destination_port));
      issues.push(...rangeIssues(at('fec_percentage'), config.fec_percentage, 0, 100));
      const encoder = encoders.byId.get(video[0]);
      if (
        config.enable_back_pressure_bitrate_adjustment === true &&
        encoder &&
        configOf(encoder).allow_outputs_to_adjust_bitrate !== true
      )
        issues.push(issue(at('enable_back_pressure_bitrate_adjustment'), BACK_PRESSURE_NOT_ALLOWED_MESSAGE));
      break;
    }
    case 'http_push': {
      if (!Array.isArray(config.protocols) || config.protocols.length === 0)
        issues.push(issue(at('protocols'), MANIFEST_REQUIRED_MESSAGE));
      const service = config.service_name as keyof typeof HTTP_PUSH_REQUIRED;
      if (typeof config.service_data !== 'string' || !(service in HTTP_PUSH_REQUIRED)) break;
      const data = serviceData(config.service_data);
      for (const [field, label] of HTTP_PUSH_REQUIRED[service])
        if (typeof data[field] !== 'string' || data[field] === '')
          issues.push(issue(at('service_data', field), requiredMessage(label)));
      for (const [field, value] of Object.entries(data))
        if (URL_FIELDS.has(field) && typeof value === 'string' && value !== '' && !isUrl(value))
          issues.push(issue(at('service_data', field), URL_MESSAGE));
      break;
    }
    case 'whip': {
      if (config.enable !== true) break;
      const codecs = (ids: unknown[], field: string) =>
        ids
          .map((id) => encoders.byId.get(id))
          .flatMap((encoder) => (encoder ? [configOf(encoder)[field]] : []));
      if (codecs(video, 'selected_codec').some((codec) => codec !== 'H264'))
        issues.push(issue(at('sources', 'video'), WHIP_VIDEO_MESSAGE));
      if (codecs(sourceIds(config, 'audio'), 'codec').some((codec) => codec !== 'opus'))
        issues.push(issue(at('sources', 'audio'), WHIP_AUDIO_MESSAGE));
      break;
    }
  }
  return issues;
}

function backPressureIssues(outputs: Record<string, unknown>[]): ShadowIssue[] {
  const seen = new Set<unknown>();
  const issues: ShadowIssue[] = [];
  outputs.forEach((output, index) => {
    const config = configOf(output);
    if (output.type !== 'zixi' || config.enable_back_pressure_bitrate_adjustment !== true) return;
    const encoder = sourceIds(config, 'video')[0];
    if (encoder === undefined) return;
    if (seen.has(encoder))
      issues.push(
        issue(
          ['outputs', index, 'config', 'enable_back_pressure_bitrate_adjustment'],
          BACK_PRESSURE_ONE_PER_ENCODER_MESSAGE,
        ),
      );
    seen.add(encoder);
  });
  return issues;
}

function limitIssues(outputs: Record<string, unknown>[], context: ShadowSetContext): ShadowIssue[] {
  const types = new Set(outputs.filter((o) => o.id === false).map((o) => String(o.type)));
  return [...types].flatMap((type) => {
    const limit = outputLimit(context.entitlements, type);
    return overLimit(
      outputs.filter((output) => output.type === type),
      limit,
    ).map((output) => issue(['outputs', outputs.indexOf(output)], outputLimitMessage(type, limit)));
  });
}

const encoderLookup = (context: ShadowSetContext): EncoderLookup => ({
  byId: new Map(entriesOf(context.documents?.Encoders, 'encoders').map((encoder) => [encoder.id, encoder])),
});

/**
 * Outputs rules (spec 3 §5): encoders required and from one input, destinations and ports, a generic
 * RTMP output's URL, SRT and Zixi settings, HTTP push manifests and provider fields, WHIP codecs,
 * licensed instances. Encoder rules read the device's Encoders document from the context; without it
 * they are not judged.
 */
export function outputsSetIssues(state: unknown, context: ShadowSetContext): ShadowIssue[] {
  const outputs = entriesOf(state, 'outputs');
  const encoders = encoderLookup(context);
  return [
    ...outputs.flatMap((output, index) => outputIssues(output, index, encoders)),
    ...backPressureIssues(outputs),
    ...limitIssues(outputs, context),
  ];
}

/** What the console warns about but lets through (spec 3 §5). */
export function outputsSetWarnings(state: unknown): ShadowIssue[] {
  const outputs = entriesOf(state, 'outputs');
  const warnings: ShadowIssue[] = [];
  const users = new Map<unknown, number>();
  outputs.forEach((output, index) => {
    const config = configOf(output);
    if (
      output.type === 'thumbnail' &&
      typeof config.width === 'number' &&
      config.width > THUMBNAIL_WIDTH_WARNING_ABOVE
    )
      warnings.push(issue(['outputs', index, 'config', 'width'], THUMBNAIL_WIDTH_WARNING));
    if (output.type === 'thumbnail') return;
    for (const id of new Set(sourceIds(config, 'video'))) {
      if (users.has(id))
        warnings.push(issue(['outputs', index, 'config', 'sources', 'video'], SHARED_ENCODER_WARNING));
      users.set(id, index);
    }
  });
  return warnings;
}
