import { describe, expect, it } from 'vitest';
import { makeHighTemperatureRule, makeSystemShadow } from '../../../testing/data-generators';
import { videoEncoder } from '../../../testing/shadow-list-test-api';
import { changeSentence, versionChanges } from './version-changes';

const output = (id: number, name: string, config: Record<string, unknown> = {}) => ({
  id,
  type: 'srt',
  config: {
    enable: true,
    name,
    sources: { video: [1], audio: [], data: [] },
    destination_ip: 'srt.example.com',
    destination_port: 9000,
    passphrase: 'old secret words',
    ...config,
  },
  status: { status_code: 'STREAM_RUNNING', status_message: 'Streaming' },
});

const sentences = (...args: Parameters<typeof versionChanges>) => versionChanges(...args).map(changeSentence);

describe('versionChanges', () => {
  it('names System fields as its form does', () => {
    const older = makeSystemShadow({ ntp_server: 'a.example.com' }).reported?.state;
    const newer = makeSystemShadow({ ntp_server: 'b.example.com', device_name: 'Studio' }).reported?.state;
    expect(sentences('System', older, newer)).toEqual([
      'Device Name: “Encoder 1” → “Studio”',
      'NTP Server: “a.example.com” → “b.example.com”',
    ]);
  });

  it('names an entry by its name and its field by the form’s label; added and removed entries by name', () => {
    const older = { outputs: [output(1, 'Main stream'), output(2, 'Old &amp; gone')] };
    const newer = {
      outputs: [
        { ...output(1, 'Main stream', { destination_port: 9100 }), status: { status_code: 'ERR' } },
        output(3, 'Backup'),
      ],
    };
    expect(sentences('Outputs', older, newer)).toEqual([
      'Output ‘Main stream’ › Port: 9000 → 9100',
      'Output ‘Old & gone’: Present → Removed',
      'Output ‘Backup’: — → Added',
    ]);
  });

  it('never shows a secret in clear, and says it changed', () => {
    const older = { outputs: [output(1, 'Main')] };
    const newer = { outputs: [output(1, 'Main', { passphrase: 'new secret words' })] };
    const changes = versionChanges('Outputs', older, newer);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.label).toMatch(/^Output ‘Main’ › /);
    expect(changes[0]?.after).toMatch(/changed/);
    expect(JSON.stringify(changes)).not.toMatch(/secret words/);
  });

  it('leaves out what the device writes (statuses) and names encoders and alerts', () => {
    const older = { encoders: [videoEncoder({ bitrate: 4000 })] };
    const newer = { encoders: [{ ...videoEncoder({ bitrate: 6000 }), status: 'IDLE', current_bitrate: 0 }] };
    expect(sentences('Encoders', older, newer)).toEqual(['Encoder ‘Main Video’ › Bitrate: 4000 → 6000']);

    const alert = (threshold: number) => makeHighTemperatureRule({ threshold_value: threshold });
    expect(sentences('Alerts', { alerts: [alert(80)] }, { alerts: [alert(90)] })).toEqual([
      'Alert ‘High Temperature’ › Threshold: 80 → 90',
    ]);
  });

  it('finds nothing between equal versions', () => {
    const state = makeSystemShadow().reported?.state;
    expect(versionChanges('System', state, structuredClone(state))).toEqual([]);
  });
});
