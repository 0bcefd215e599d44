import { OUTPUT_TYPES } from '@ec/contract/shadow-documents/output-types';
import { OUTPUT_DEFAULTS } from '@ec/contract/shadow-documents/outputs';
import { validateShadowSet } from '@ec/contract/shadow-registry';
import { describe, expect, it } from 'vitest';
import { draftsOf, newOutputDraft, outputsSetState } from './outputs-drafts';

const current = { product: 'edgecaster', daemonVersion: 'v10.5.2', cloudVersion: 'V1.25.0' } as const;
const old = { ...current, daemonVersion: 'v9.0.0' };

const reported = {
  outputs: [
    {
      id: 4,
      type: 'rtmp',
      config: {
        enable: true,
        name: 'Tom &amp; Jerry',
        sources: { video: [1], audio: [2], data: [] },
        service_name: 'generic',
        service_data: '{"url":"rtmp://live.example.com/app/key"}',
      },
      status: { status_code: 'STREAM_RUNNING', status_message: 'Streaming' },
    },
    { id: 7, type: 'generic', config: { name: 'Future output', anything: 1 } },
  ],
};

describe('output drafts', () => {
  it('reads service data as fields and writes it back as the text the device keeps', () => {
    const drafts = draftsOf(reported);
    expect(drafts[0]).toMatchObject({
      key: 'output-4',
      id: 4,
      config: { service_data: { url: 'rtmp://live.example.com/app/key' } },
    });
    const sent = outputsSetState(drafts).outputs;
    expect(sent[0]).toEqual({ id: 4, type: 'rtmp', config: reported.outputs[0]!.config });
    // A type the console does not know goes back as it came.
    expect(sent[1]).toEqual({ id: 7, type: 'generic', config: { name: 'Future output', anything: 1 } });
  });

  it('starts each type with the defaults of the specification, sent with id false', () => {
    for (const type of OUTPUT_TYPES) {
      const draft = newOutputDraft(type, [], current);
      expect(draft).toMatchObject({ id: false, type, config: { enable: false } });
      expect(draft.key).toMatch(/^new-/);
    }
    expect(newOutputDraft('multicast', [], current).config).toMatchObject({
      destination_port: OUTPUT_DEFAULTS.multicastPort,
      ttl: OUTPUT_DEFAULTS.multicastTtl,
      protocol: 'RTP',
    });
    expect(newOutputDraft('zixi', [], current).config).toMatchObject({
      destination_port: 2088,
      max_latency_ms: 3000,
      fec_percentage: 30,
    });
    expect(newOutputDraft('file', [], current).config).toMatchObject({
      filename_base: 'VID',
      max_file_size: 2_000_000_000,
      ftp_config: { enable: false, port: 21 },
    });
    expect(newOutputDraft('thumbnail', [], current).config).toMatchObject({ width: 320, interval: 5 });
    expect(newOutputDraft('http_push', [], current).config).toMatchObject({
      protocols: ['HLS'],
      service_data: { push_url: '', push_url_secondary: '' },
    });
  });

  it('gives the target latency only to daemons from v9.5.0, and names outputs after their type', () => {
    expect(newOutputDraft('http_pull', [], current).config.ULL_target_latency_ms).toBe(4000);
    expect(newOutputDraft('http_pull', [], old).config).not.toHaveProperty('ULL_target_latency_ms');
    const first = newOutputDraft('srt', [], current);
    expect(newOutputDraft('srt', [first], current).config.name).toBe('SRT 2');
  });

  it('judges a new output through the contract: a destination is required where the type sends to one', () => {
    const issues = (type: (typeof OUTPUT_TYPES)[number]) =>
      validateShadowSet('Outputs', outputsSetState([newOutputDraft(type, [], current)]), {
        product: 'edgecaster',
        entitlements: Object.fromEntries(OUTPUT_TYPES.map((t) => [`daemon.output.${t}.limit`, 1])),
      });
    expect(issues('thumbnail')).toEqual([]);
    expect(issues('rtsp')).toEqual([]);
    expect(issues('unicast').map((issue) => issue.path.at(-1))).toContain('destination_ip');
  });
});
