import { describe, expect, it } from 'vitest';
import { BASE_PROFILES } from './entitlements/base-profiles.ts';
import { mergeEntitlements } from './entitlements/merge-entitlements.ts';
import {
  parseShadowState,
  SHADOW_COMPARE_IGNORED_KEYS,
  type ShadowSetContext,
  shadowRegistry,
  shadowSetWarnings,
  validateShadowSet,
} from './shadow-registry.ts';
import { SHADOW_NAMES, type ShadowName } from './shadows.ts';

const context: ShadowSetContext = {
  product: 'edgecaster',
  entitlements: mergeEntitlements(BASE_PROFILES.edgecaster, [], new Date()),
};
const systemConfig = {
  device_name: 'Stage',
  ip_scheme: 'dhcp',
  static_network: null,
  ntp_server: 'pool.ntp.org',
  timezone: 'UTC',
  xml: { enabled: false, url: '', poll_interval: 60, username: '', password: '' },
};
const video = (config: Record<string, unknown> = {}) => ({
  id: 1,
  type: 'video',
  config: {
    name: 'Video',
    in_channel_id: 1,
    selected_codec: 'H264',
    bitrate_mode: 'constant',
    latency_mode: 'NORMAL',
    ...config,
  },
});

describe('the shadow registry', () => {
  it('defines each of the six shadows, comparing without the keys devices keep (spec 3 §4.2)', () => {
    expect(Object.keys(shadowRegistry).sort()).toEqual([...SHADOW_NAMES].sort());
    for (const name of SHADOW_NAMES)
      expect(shadowRegistry[name].ignoredKeys).toEqual([
        'password',
        'passphrase',
        'sftp_key',
        'service_data',
        'encryption_key',
      ]);
    expect(SHADOW_COMPARE_IGNORED_KEYS).toHaveLength(5);
  });

  it('asks the device for every missing document but Alerts (spec 3 §4.1)', () => {
    expect(SHADOW_NAMES.filter((name) => !shadowRegistry[name].requestWhenMissing)).toEqual(['Alerts']);
  });

  it('parses documents with unknown encoder and output types', () => {
    expect(
      parseShadowState('Outputs', { outputs: [{ id: 4, type: 'generic', config: { url: 'x' } }] }).success,
    ).toBe(true);
    expect(
      parseShadowState('Encoders', { encoders: [{ id: 4, type: 'hevc_mbr', config: {} }] }).success,
    ).toBe(true);
  });

  it('derives the device name from System and the streaming status from Outputs', () => {
    expect(shadowRegistry.System.deviceRecord({ config: systemConfig })).toEqual({ deviceName: 'Stage' });
    const outputs = {
      outputs: [{ id: 1, type: 'srt', config: { enable: true }, status: { status_code: 'STREAM_RUNNING' } }],
    };
    expect(shadowRegistry.Outputs.deviceRecord(outputs)).toEqual({ outputsStatus: 1 });
    expect(SHADOW_NAMES.filter((name) => shadowRegistry[name].deviceRecord)).toEqual(['Outputs', 'System']);
  });

  it('gives the status column of outputs and encoders (spec 2 §4.3)', () => {
    expect(
      shadowRegistry.Outputs.entryStatus({
        type: 'srt',
        config: { enable: true },
        status: { status_code: 'ERROR_REMOTE_UNREACHABLE', status_message: 'Can not connect to URL' },
      }),
    ).toEqual({ text: 'Can not connect to URL', tone: 'warning' });
    expect(
      shadowRegistry.Outputs.entryStatus({
        type: 'srt',
        config: { enable: true },
        status: { status_code: 'RUNNING' },
      }),
    ).toEqual({ text: 'Enabled', tone: 'success' });
    expect(shadowRegistry.Encoders.entryStatus({ id: 3, type: 'data', status: 'RUNNING' })).toEqual({
      text: 'Active',
      tone: 'success',
    });
  });
});

describe('applying a set as a device keeps it', () => {
  it('keeps System status and each entry’s reported fields', () => {
    expect(
      shadowRegistry.System.applySet(
        { config: systemConfig },
        { config: {}, status: { net_connected: true } },
      ),
    ).toEqual({ config: systemConfig, status: { net_connected: true } });
    const reported = {
      outputs: [{ id: 1, type: 'srt', config: { enable: true }, status: { status_code: 'RUNNING' } }],
    };
    const set = {
      outputs: [
        { id: 1, type: 'srt', config: { enable: false } },
        { id: false, type: 'rtsp', config: {} },
      ],
    };
    expect(shadowRegistry.Outputs.applySet(set, reported)).toEqual({
      outputs: [
        { id: 1, type: 'srt', config: { enable: false }, status: { status_code: 'RUNNING' } },
        { id: false, type: 'rtsp', config: {} },
      ],
    });
  });

  it('configures installed containers and leaves the others as they are', () => {
    const reported = {
      containers: [
        { id: 'c1', name: 'app', image: 'i', status: 'running' },
        { id: 'c2', name: 'cloud', image: 'j', status: 'running' },
      ],
    };
    expect(
      shadowRegistry.Containers.applySet({ containers: [{ id: 'c1', config: { level: 2 } }] }, reported),
    ).toEqual({
      containers: [{ ...reported.containers[0], config: { level: 2 } }, reported.containers[1]],
    });
  });
});

describe('validateShadowSet (spec 3 §5)', () => {
  const cases: [ShadowName, unknown, string][] = [
    ['System', { config: { ...systemConfig, device_name: '' } }, 'Device name is required'],
    ['System', { status: {} }, 'Invalid input: expected object, received undefined'],
    [
      'Inputs',
      { inputs: [{ id: 1, type: 'hardware', hw_channel: 1, config: { name: 'In' } }] },
      'Hardware channel 1 does not exist on this device.',
    ],
    ['Encoders', { encoders: [video({ bitrate: 60000 })] }, 'Value must be <= 50000'],
    [
      'Outputs',
      {
        outputs: [
          {
            id: 1,
            type: 'srt',
            config: {
              enable: true,
              name: 'SRT',
              call_mode: 'CALLER',
              destination_ip: '10.0.0.1',
              destination_port: 9000,
            },
          },
        ],
      },
      'Encoder selection is required',
    ],
    [
      'Alerts',
      { alerts: [{ type: 'metric', name: 'x', label: 'X', config: { threshold_value: 'hot' } }] },
      'Value must be a number',
    ],
    ['Containers', { containers: [{ id: 'c1', config: 'x' }] }, 'Invalid JSON'],
  ];
  it.each(cases)('refuses an invalid %s set with the spec’s text', (name, state, message) => {
    expect(validateShadowSet(name, state, context)[0]?.message).toBe(message);
  });

  describe('a latency mode the product does not run (spec 3 §9)', () => {
    const max: ShadowSetContext = {
      product: 'edgecaster_max',
      entitlements: mergeEntitlements(BASE_PROFILES.edgecaster_max, [], new Date()),
    };
    const path = ['encoders', 0, 'config', 'latency_mode'];
    const refused = [{ path, message: 'Latency Mode must be one of NORMAL, LOWEST on edgecaster_max' }];
    it.each([
      ['edgecaster', 'HIGH', []],
      ['edgecaster_max', 'LOWEST', []],
      ['edgecaster_max', 'HIGH', refused],
      ['edgecaster_max', 'LOW', refused],
      // Not a mode at all: the schema's one message, not a second one from the rule.
      [
        'edgecaster_max',
        'FAST',
        [{ path, message: 'Invalid option: expected one of "HIGH"|"NORMAL"|"LOW"|"LOWEST"' }],
      ],
    ] as const)('on %s, %s is answered %j', (product, latency_mode, issues) => {
      const ctx = product === 'edgecaster' ? context : max;
      expect(validateShadowSet('Encoders', { encoders: [video({ latency_mode })] }, ctx)).toEqual(issues);
    });
  });

  describe('an active XML configuration (spec 3 §2.1, §6)', () => {
    const xmlOn = { ...systemConfig, xml: { ...systemConfig.xml, enabled: true, url: 'http://cfg/x.xml' } };
    const managed = { ...context, documents: { System: { config: xmlOn } } };
    const locked = [
      { path: [], message: 'These settings are currently managed by the active XML configuration.' },
    ];
    it('refuses every Outputs set', () => {
      expect(validateShadowSet('Outputs', { outputs: [] }, managed)).toEqual(locked);
      expect(validateShadowSet('Outputs', { outputs: [] }, context)).toEqual([]);
    });
    it('refuses a System set that changes a setting and keeps XML on', () => {
      const renamed = { config: { ...xmlOn, device_name: 'Other' } };
      expect(validateShadowSet('System', renamed, managed)).toEqual(locked);
      // The XML block stays the user's: its own settings, or XML turned off with other changes.
      const polled = { config: { ...xmlOn, xml: { ...xmlOn.xml, poll_interval: 30 } } };
      expect(validateShadowSet('System', polled, managed)).toEqual([]);
      const off = { config: { ...xmlOn, device_name: 'Other', xml: { ...xmlOn.xml, enabled: false } } };
      expect(validateShadowSet('System', off, managed)).toEqual([]);
      // The same settings in another key order are no change.
      const reordered = { config: Object.fromEntries(Object.entries(xmlOn).reverse()) };
      expect(validateShadowSet('System', reordered, managed)).toEqual([]);
    });
    it('leaves the other shadows alone', () => {
      expect(validateShadowSet('Encoders', { encoders: [video()] }, managed)).toEqual([]);
    });
  });

  describe('sets a device must not take (spec 3 §5)', () => {
    it('refuses a new encoder of a type the console does not know, and keeps one the device has', () => {
      const foo = (id: number | false) => ({ encoders: [video(), { id, type: 'foo', config: {} }] });
      expect(validateShadowSet('Encoders', foo(false), context)).toEqual([
        {
          path: ['encoders', 1, 'type'],
          message: 'Encoder type must be one of video, audio, data, sync_group',
        },
      ]);
      expect(validateShadowSet('Encoders', foo(7), context)).toEqual([]);
    });
    it('refuses a time zone that does not exist', () => {
      const mars = { config: { ...systemConfig, timezone: 'Mars/Olympus' } };
      expect(validateShadowSet('System', mars, context)).toEqual([
        {
          path: ['config', 'timezone'],
          message: 'Timezone must be an IANA time zone such as America/New_York',
        },
      ]);
      const paris = { config: { ...systemConfig, timezone: 'Europe/Paris' } };
      expect(validateShadowSet('System', paris, context)).toEqual([]);
    });
    it('refuses to change the category of an alert the device has', () => {
      const alert = (category: string, alert_guid = 'a1') => ({
        alert_guid,
        type: 'metric',
        name: 'cpu',
        label: 'CPU',
        category,
        config: { threshold_value: 90 },
      });
      const reported = { ...context, documents: { Alerts: { alerts: [alert('device')] } } };
      expect(validateShadowSet('Alerts', { alerts: [alert('org')] }, reported)).toEqual([
        {
          path: ['alerts', 0, 'category'],
          message: "An alert's category cannot be changed: fleet and org alerts are managed elsewhere.",
        },
      ]);
      expect(validateShadowSet('Alerts', { alerts: [alert('device')] }, reported)).toEqual([]);
      expect(validateShadowSet('Alerts', { alerts: [alert('device', 'a2')] }, reported)).toEqual([]);
    });
  });

  it('reports a problem the schema and a rule both see once', () => {
    expect(validateShadowSet('Encoders', { encoders: [video({ bitrate: 'x' })] }, context)).toEqual([
      { path: ['encoders', 0, 'config', 'bitrate'], message: 'Value must be a number' },
    ]);
  });

  it('passes valid sets, warnings aside', () => {
    expect(validateShadowSet('System', { config: systemConfig }, context)).toEqual([]);
    expect(validateShadowSet('Encoders', { encoders: [video()] }, context)).toEqual([]);
    expect(
      shadowSetWarnings('Outputs', { outputs: [{ id: 9, type: 'thumbnail', config: { width: 640 } }] }),
    ).toHaveLength(1);
  });
});
