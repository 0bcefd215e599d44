import { describe, expect, it } from 'vitest';
import { BASE_PROFILES } from '../entitlements/base-profiles.ts';
import { mergeEntitlements } from '../entitlements/merge-entitlements.ts';
import type { ShadowSetContext } from './fields.ts';
import {
  outputsSetIssues,
  outputsSetSchema,
  outputsSetWarnings,
  outputsShadowStateSchema,
} from './outputs.ts';

const encoders = {
  encoders: [
    {
      id: 1,
      type: 'video',
      config: { in_channel_id: 1, selected_codec: 'H264', allow_outputs_to_adjust_bitrate: true },
    },
    { id: 2, type: 'audio', config: { in_channel_id: 1, codec: 'mpeg4_aac' } },
    { id: 3, type: 'video', config: { in_channel_id: 2, selected_codec: 'H265' } },
    { id: 4, type: 'audio', config: { in_channel_id: 1, codec: 'opus' } },
    { id: 5, type: 'video', config: { in_channel_id: 1, selected_codec: 'H264' } },
  ],
};
const entitlements = mergeEntitlements(BASE_PROFILES.edgecaster, [], new Date());
const context: ShadowSetContext = {
  product: 'edgecaster',
  entitlements: { ...entitlements, 'daemon.output.zixi.limit': 2, 'daemon.output.whip.limit': 1 },
  documents: { Encoders: encoders },
};

const sources = { video: [1], audio: [2], data: [] };
const output = (type: string, config: Record<string, unknown>, id: number | false = 1) => ({
  id,
  type,
  config: { enable: true, name: type, sources, ...config },
});
const srt = (config: Record<string, unknown> = {}, id: number | false = 1) =>
  output(
    'srt',
    { call_mode: 'CALLER', destination_ip: '203.0.113.10', destination_port: 9000, ...config },
    id,
  );
const zixi = (config: Record<string, unknown> = {}, id: number | false = 1) =>
  output('zixi', { destination_ip: 'zixi.example.com', destination_port: 2088, ...config }, id);
const httpPush = (config: Record<string, unknown> = {}) =>
  output('http_push', {
    media_container: 'FMP4',
    protocols: ['HLS'],
    service_name: 'generic',
    service_data: JSON.stringify({ push_url: 'https://ingest.example.com/live' }),
    ...config,
  });
const multicast = (config: Record<string, unknown> = {}) =>
  output('multicast', { destination_ip: '239.1.1.1', destination_port: 5000, protocol: 'RTP', ...config });
const unicast = (config: Record<string, unknown> = {}) =>
  output('unicast', { destination_ip: '10.0.0.9', destination_port: 5000, protocol: 'RAW_UDP', ...config });
const whip = (config: Record<string, unknown> = {}) =>
  output('whip', {
    sources: { video: [1], audio: [4], data: [] },
    service_data: '{"url":"https://w"}',
    ...config,
  });

const issuesOf = (outputs: unknown[]) => outputsSetIssues({ outputs }, context);

describe('the Outputs document (spec 3 §3.4)', () => {
  it('fills the spec defaults of each type', () => {
    const parsed = outputsShadowStateSchema.parse({
      outputs: [
        output('multicast', { destination_ip: '239.1.1.1', protocol: 'RTP' }, 1),
        output('srt', { call_mode: 'LISTENER', destination_port: 9000 }, 2),
        output('zixi', { destination_ip: 'z' }, 3),
        output('rtsp', {}, 4),
        output('file', { file_format: 'MP4', ftp_config: {} }, 5),
        output('http_pull', { media_container: 'TS' }, 6),
        output('thumbnail', {}, 7),
      ],
    });
    const configs = parsed.outputs.map((o) => o.config as Record<string, unknown>);
    expect(configs[0]).toMatchObject({ destination_port: 1000, ttl: 5 });
    expect(configs[1]).toMatchObject({ latency: 120, bw_overhead: 25 });
    expect(configs[2]).toMatchObject({ destination_port: 2088, max_latency_ms: 3000, fec_percentage: 30 });
    expect(configs[3]).toMatchObject({ server_port: 554 });
    expect(configs[4]).toMatchObject({
      filename_base: 'VID',
      enable_max_file_size: true,
      max_file_size: 2_000_000_000,
      device_selection_policy: 'ATTACH_TIME_FIRST',
      ftp_config: { port: 21 },
    });
    expect(configs[5]).toMatchObject({ segment_length: 2, number_of_segments: 10, ULL_chunk_interval: 3 });
    expect(configs[6]).toMatchObject({ width: 320, interval: 5 });
  });

  it('keeps outputs of unknown types (generic included) and holds known types to their schema', () => {
    const unknown = outputsShadowStateSchema.safeParse({
      outputs: [
        { id: 1, type: 'generic', config: { anything: true } },
        { id: 2, type: 'ndi', config: {}, status: { status_code: 'RUNNING' } },
      ],
    });
    expect(unknown.success).toBe(true);
    const known = outputsSetSchema.safeParse({ outputs: [srt({ call_mode: 'RENDEZVOUS' })] });
    expect(known.error?.issues[0]?.path).toEqual(['outputs', 0, 'config', 'call_mode']);
  });
});

describe('output rules (spec 3 §5)', () => {
  it('passes a valid set', () => {
    expect(
      issuesOf([
        srt(),
        zixi({ enable_back_pressure_bitrate_adjustment: true }, 2),
        httpPush(),
        multicast(),
        unicast(),
        whip(),
      ]),
    ).toEqual([]);
  });

  const at = (index: number, ...field: string[]) => ['outputs', index, 'config', ...field];
  it.each([
    [
      'an enabled output without a video encoder',
      [srt({ sources: { video: [], audio: [], data: [] } })],
      at(0, 'sources', 'video'),
      'Encoder selection is required',
    ],
    [
      'encoders from two inputs',
      [srt({ sources: { video: [3], audio: [2], data: [] } })],
      at(0, 'sources'),
      'All encoders for an output must be from a single input! This output will not stream properly.',
    ],
    [
      'a multicast destination outside the block',
      [multicast({ destination_ip: '10.0.0.1' })],
      at(0, 'destination_ip'),
      'Destination must be a multicast address from 224.0.0.0 to 239.255.255.255',
    ],
    [
      'a port below 1000',
      [multicast({ destination_port: 999 })],
      at(0, 'destination_port'),
      'Value must be >= 1000',
    ],
    [
      'a port above 65000',
      [unicast({ destination_port: 65001 })],
      at(0, 'destination_port'),
      'Value must be <= 65000',
    ],
    [
      'a port that is no number',
      [srt({ destination_port: 'x' })],
      at(0, 'destination_port'),
      'Value must be a number',
    ],
    [
      'a unicast destination that is no IP',
      [unicast({ destination_ip: 'host' })],
      at(0, 'destination_ip'),
      'Must be a valid IP address',
    ],
    [
      'an SRT caller without a destination',
      [srt({ destination_ip: 'not a host!' })],
      at(0, 'destination_ip'),
      'Must be a valid IP address or hostname',
    ],
    ['SRT overhead above 100', [srt({ bw_overhead: 101 })], at(0, 'bw_overhead'), 'Value must be <= 100'],
    [
      'a short SRT passphrase with encryption',
      [srt({ encryption_enabled: true, passphrase: 'short' })],
      at(0, 'passphrase'),
      'Passphrase must be 10 to 79 characters',
    ],
    [
      'a long SRT passphrase with encryption',
      [srt({ encryption_enabled: true, passphrase: 'x'.repeat(80) })],
      at(0, 'passphrase'),
      'Passphrase must be 10 to 79 characters',
    ],
    ['Zixi FEC above 100', [zixi({ fec_percentage: 101 })], at(0, 'fec_percentage'), 'Value must be <= 100'],
    ['Zixi FEC below 0', [zixi({ fec_percentage: -1 })], at(0, 'fec_percentage'), 'Value must be >= 0'],
    [
      'Zixi back pressure on an encoder that does not allow it',
      [zixi({ sources: { video: [5], audio: [], data: [] }, enable_back_pressure_bitrate_adjustment: true })],
      at(0, 'enable_back_pressure_bitrate_adjustment'),
      'The selected Video Encoder does not allow its bitrate to be adjusted by Zixi back pressure.',
    ],
    [
      'two Zixi outputs with back pressure on one encoder',
      [
        zixi({ enable_back_pressure_bitrate_adjustment: true }),
        zixi({ enable_back_pressure_bitrate_adjustment: true }, 2),
      ],
      at(1, 'enable_back_pressure_bitrate_adjustment'),
      'Only one Zixi output can have back pressure bitrate adjustment enabled for each video encoder.',
    ],
    [
      'HTTP push without a manifest',
      [httpPush({ protocols: [] })],
      at(0, 'protocols'),
      'You need at least one manifest',
    ],
    [
      'HTTP push generic without a primary URL',
      [httpPush({ service_data: '{}' })],
      at(0, 'service_data', 'push_url'),
      'Primary URL is required',
    ],
    [
      'HTTP push Akamai without a primary URL',
      [httpPush({ service_name: 'akamai', service_data: '{"backup_url":"https://b"}' })],
      at(0, 'service_data', 'primary_url'),
      'Primary URL is required',
    ],
    [
      'MediaPackage without its secret key',
      [httpPush({ service_name: 'aws_mediapackage', service_data: '{"url":"https://m","access_key":"a"}' })],
      at(0, 'service_data', 'secret_key'),
      'Secret key is required',
    ],
    [
      'an HTTP push URL that is not one',
      [httpPush({ service_data: '{"push_url":"nope"}' })],
      at(0, 'service_data', 'push_url'),
      'URL must be valid',
    ],
    [
      'WHIP with an H265 encoder',
      [whip({ sources: { video: [3], audio: [], data: [] } })],
      at(0, 'sources', 'video'),
      'WHIP needs an H264 video encoder',
    ],
    [
      'WHIP with AAC audio',
      [whip({ sources: { video: [1], audio: [2], data: [] } })],
      at(0, 'sources', 'audio'),
      'WHIP needs Opus audio encoders',
    ],
    [
      'a new SRT output over its licence',
      [srt(), srt({}, 2), srt({}, false)],
      ['outputs', 2],
      'Unable to add another SRT output. This device is licensed for 2 instance(s).',
    ],
    [
      'a second WHIP output on a licence for one',
      [whip(), { ...whip(), id: false }],
      ['outputs', 1],
      'Unable to add another WHIP output. This device is licensed for 1 instance(s).',
    ],
    [
      'a new output of a type without a licence',
      [{ id: false, type: 'generic', config: {} }],
      ['outputs', 0],
      'Unable to add another generic output. This device is licensed for 0 instance(s).',
    ],
  ])('%s', (_name, outputs, path, message) => {
    expect(issuesOf(outputs)).toContainEqual({ path, message });
  });

  describe('a generic RTMP output’s URL', () => {
    const rtmp = (config: Record<string, unknown>) => output('rtmp', { service_name: 'generic', ...config });
    const url = (value: string) => JSON.stringify({ url: value });
    it.each([
      [{ service_data: url('not a url') }, 'URL must be valid'],
      [{ service_data: url('not a url'), enable: false }, 'URL must be valid'],
      [{ service_data: url('') }, 'RTMP URL is required'],
    ])('refuses %j with %s', (config, message) => {
      expect(issuesOf([rtmp(config)])).toEqual([{ path: at(0, 'service_data', 'url'), message }]);
    });
    it('passes a URL, a disabled output without one, a platform and service data left to the device', () => {
      expect(issuesOf([rtmp({ service_data: url('rtmp://live.example.com/app/key') })])).toEqual([]);
      expect(issuesOf([rtmp({ service_data: url(''), enable: false })])).toEqual([]);
      expect(issuesOf([rtmp({ service_name: 'youtube', service_data: '{}' })])).toEqual([]);
      expect(issuesOf([rtmp({})])).toEqual([]);
    });
  });

  it('judges no encoder rule without the Encoders document', () => {
    const alone: ShadowSetContext = { ...context, documents: {} };
    expect(
      outputsSetIssues({ outputs: [srt({ sources: { video: [3], audio: [2], data: [] } })] }, alone),
    ).toEqual([]);
  });

  it('lets a disabled output go without an encoder, and an unencrypted SRT without a passphrase', () => {
    expect(issuesOf([srt({ enable: false, sources: { video: [], audio: [], data: [] } })])).toEqual([]);
    expect(issuesOf([srt({ encryption_enabled: false, passphrase: '' })])).toEqual([]);
  });
});

describe('output warnings (spec 3 §5)', () => {
  it('warns about a wide thumbnail and a video encoder used twice', () => {
    const warnings = outputsSetWarnings({
      outputs: [output('thumbnail', { width: 640 }), srt(), srt({}, 2)],
    });
    expect(warnings).toEqual([
      {
        path: ['outputs', 0, 'config', 'width'],
        message:
          'Configuring image width to a value greater than 320 may result in AV Input Preview only being visible in the local device interface.',
      },
      {
        path: ['outputs', 2, 'config', 'sources', 'video'],
        message: 'This video encoder is also used by another output, which may cause undesirable behaviour.',
      },
    ]);
  });
});
