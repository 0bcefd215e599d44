import { entriesOf } from '@ec/contract/shadow-documents/fields';
import type { ShadowName } from '@ec/contract/shadows';
import { describe, expect, it } from 'vitest';
import { makeSystemShadow } from '../../testing/data-generators';
import { hardwareInput, videoEncoder } from '../../testing/shadow-list-test-api';
import { shadowForm, shadowForms } from './shadow-forms';

const srt = (id: number, name: string, port = 9000) => ({
  id,
  type: 'srt',
  config: { enable: true, name, sources: { video: [1], audio: [], data: [] }, destination_port: port },
  status: { status_code: 'STREAM_RUNNING', status_message: 'Streaming' },
});

type Doc = Record<string, unknown> | null | undefined;
const restoreSetState = (name: ShadowName, state: Doc, current: Doc = state) =>
  shadowForm(name)?.restoreSet(state, current) ?? null;

describe('restoreSet', () => {
  it('sends System as {config}, as its Save does, without the status the device writes', () => {
    const old = makeSystemShadow({ device_name: '  Studio A ', ntp_server: 'ntp.example.com' }).reported
      ?.state;
    const now = makeSystemShadow({ device_name: 'Studio B' }).reported?.state;
    const state = restoreSetState('System', old, now);
    expect(state).toEqual({
      config: {
        device_name: 'Studio A',
        ip_scheme: 'dhcp',
        static_network: null,
        ntp_server: 'ntp.example.com',
        timezone: 'UTC',
        xml: { enabled: false, url: '', poll_interval: 60, username: '', password: '' },
      },
    });
  });

  it('sends an Outputs list as {id, type, config}; an output the device no longer has goes as a new one', () => {
    const old = { outputs: [srt(1, 'Main', 9000), srt(4, 'Backup')] };
    const now = { outputs: [srt(1, 'Main', 9100), srt(7, 'Other')] };
    expect(restoreSetState('Outputs', old, now)).toEqual({
      outputs: [
        { id: 1, type: 'srt', config: expect.objectContaining({ name: 'Main', destination_port: 9000 }) },
        { id: false, type: 'srt', config: expect.objectContaining({ name: 'Backup' }) },
      ],
    });
  });

  it('sends Inputs and Encoders as their tabs do, a vanished entry as new (id false)', () => {
    const inputs = restoreSetState(
      'Inputs',
      { inputs: [hardwareInput({ name: 'Camera old' }, 1, 0), hardwareInput({ name: 'Gone' }, 2, 1)] },
      { inputs: [hardwareInput({ name: 'Camera new' }, 1, 0)] },
    );
    expect(inputs).toMatchObject({
      inputs: [
        { id: 1, type: 'hardware', hw_channel: 0, config: { name: 'Camera old' } },
        { id: false, type: 'hardware', hw_channel: 1, config: { name: 'Gone' } },
      ],
    });
    expect(entriesOf(inputs, 'inputs')[0]).not.toHaveProperty('video_input_format');

    const encoders = restoreSetState(
      'Encoders',
      { encoders: [videoEncoder({ bitrate: 4000 })] },
      { encoders: [] },
    );
    expect(encoders).toMatchObject({ encoders: [{ id: false, type: 'video', config: { bitrate: 4000 } }] });
    expect(entriesOf(encoders, 'encoders')[0]).not.toHaveProperty('status');
  });

  it('sends Alerts with their guids, and one the device no longer has without it', () => {
    const alert = (guid: string, label: string) => ({
      alert_guid: guid,
      type: 'metric',
      name: 'thermal_system_temp_current',
      label,
      category: 'device',
      config: { enabled: true, threshold_value: 80, threshold_condition: 'GreaterThan' },
    });
    const state = restoreSetState(
      'Alerts',
      { alerts: [alert('a1', 'Hot'), alert('a2', 'Gone')] },
      { alerts: [alert('a1', 'Hotter')] },
    );
    const [kept, recreated] = entriesOf(state, 'alerts');
    expect(kept).toMatchObject({ alert_guid: 'a1', label: 'Hot' });
    expect(recreated).toMatchObject({ label: 'Gone' });
    expect(recreated).not.toHaveProperty('alert_guid');
    expect(kept).not.toHaveProperty('key');
  });

  it('without a current document, gives the version’s own set state; nothing for Containers', () => {
    const old = { outputs: [srt(4, 'Backup')] };
    expect(restoreSetState('Outputs', old)).toMatchObject({ outputs: [{ id: 4 }] });
    expect(restoreSetState('Containers', { containers: [] })).toBeNull();
  });
});

describe('summary', () => {
  it('counts and names the entries', () => {
    const outputs = {
      outputs: [
        { id: 1, config: { name: 'SRT' } },
        { id: 2, config: { name: 'Preview' } },
      ],
    };
    expect(shadowForms.Outputs.summary(outputs)).toBe('2 outputs: SRT, Preview');
    expect(shadowForms.Encoders.summary({ encoders: [{ id: 1, config: {} }] })).toBe('1 encoder');
    expect(shadowForms.Alerts.summary({ alerts: [{ label: 'High CPU' }] })).toBe('1 alert: High CPU');
  });

  it("shows System's time zone and NTP server", () => {
    expect(shadowForms.System.summary({ config: { timezone: 'UTC', ntp_server: '' } })).toBe(
      'Timezone UTC · NTP Server —',
    );
  });
});
