import type { ProvisionedDevice } from '@ec/contract/devices';
import { describeMetric } from '@ec/contract/metrics';
import { describe, expect, it } from 'vitest';
import { type DerivedDocuments, withDerivedStatus } from './device-status.ts';
import { initialShadows, type ShadowState } from './initial-shadows.ts';
import type { InputSignal } from './input-signals.ts';
import { bitrates, createMetricsSampler } from './metrics.ts';
import { randomFrom } from './seed.ts';

const device: ProvisionedDevice = {
  device_guid: '00000000-0000-4000-8000-000000000001',
  serial_number: '1000-0001',
  product_name: 'edgecaster',
  mac_address: '02:00:00:00:00:01',
  partner_id: null,
  mqtt_username: 'device',
  mqtt_password: 'secret',
};
const SDI: InputSignal = { connector: 'sdi', format: '1080p59.94', audio: true };
const NOTHING: InputSignal = { connector: null, format: 'FORMAT_UNDEFINED', audio: false };

/** The boot documents with the SRT output sent to `destination` (enabled unless said), statuses derived. */
function documents(
  signal: InputSignal,
  srt: { enable?: boolean; destination?: string } = {},
): DerivedDocuments {
  const initial = initialShadows(device, '192.168.1.2');
  const outputs = (initial.Outputs.outputs as ShadowState[]).filter((output) => output.id !== 1);
  const srtOutput = {
    id: 1,
    type: 'srt',
    config: {
      enable: srt.enable ?? true,
      name: 'SRT',
      sources: { video: [1], audio: [2], data: [] },
      call_mode: 'CALLER',
      destination_ip: srt.destination ?? 'srt.example.com',
      destination_port: 9000,
      latency: 120,
      bw_overhead: 25,
      stream_id: '',
      encryption_enabled: false,
      key_size: 'AES128',
      passphrase: '',
    },
  };
  return withDerivedStatus(
    { Inputs: initial.Inputs, Encoders: initial.Encoders, Outputs: { outputs: [srtOutput, ...outputs] } },
    () => signal,
  );
}

const steady = () => 1;

describe('simulated bitrates follow what the encoder does', () => {
  it('an input with a signal carries its line rate, running encoders their bitrate, a streaming output its encoders', () => {
    const rates = bitrates(documents(SDI), steady);
    expect(rates.input_1_bitrate_kbps).toBe(2_970_000);
    // The video encoder runs in constant mode a little under its configured 10000 kbps.
    expect(rates.encoder_1_bitrate_kbps).toBe(9850);
    expect(rates.encoder_2_bitrate_kbps).toBe(128);
    expect(rates.output_1_bitrate_kbps).toBe(9850 + 128);
    // The thumbnail output sends a small picture every 5 s.
    expect(rates.output_9_bitrate_kbps).toBe(32);
    for (const name of Object.keys(rates)) expect(describeMetric(name), name).not.toBeNull();
  });

  it('jitters an encoder by a couple of percent, and its outputs with it', () => {
    const rates = bitrates(documents(SDI), () => 1.02);
    expect(rates.encoder_1_bitrate_kbps).toBeCloseTo(9850 * 1.02, 2);
    expect(rates.output_1_bitrate_kbps).toBeCloseTo((9850 + 128) * 1.02, 2);
  });

  it('reports 0 for a disabled output and one in error, and nothing for an input without a signal', () => {
    expect(bitrates(documents(SDI, { enable: false }), steady).output_1_bitrate_kbps).toBe(0);
    expect(bitrates(documents(SDI, { destination: '203.0.113.10' }), steady).output_1_bitrate_kbps).toBe(0);
    const dark = bitrates(documents(NOTHING), steady);
    expect(dark).not.toHaveProperty('input_1_bitrate_kbps');
    expect(dark.encoder_1_bitrate_kbps).toBe(0);
    expect(dark.output_1_bitrate_kbps).toBe(0);
  });
});

describe('the metrics sampler', () => {
  it('keeps the system readings plausible and counts the bytes the outputs sent in the interval', () => {
    const sample = createMetricsSampler(randomFrom(7), 60_000);
    const streaming = documents(SDI);
    let previousCpu: number | undefined;
    for (let i = 0; i < 200; i += 1) {
      const metrics = sample(streaming);
      for (const name of [
        'cpu_percent_used',
        'memory_system_percent_used',
        'filesystem_userdata_percent_used',
      ]) {
        expect(metrics[name]).toBeGreaterThanOrEqual(1);
        expect(metrics[name]).toBeLessThanOrEqual(99);
      }
      if (previousCpu !== undefined)
        expect(Math.abs(metrics.cpu_percent_used! - previousCpu)).toBeLessThanOrEqual(2);
      previousCpu = metrics.cpu_percent_used;
      const outputsBytes =
        ((metrics.output_1_bitrate_kbps! + metrics.output_9_bitrate_kbps!) * 1000 * 60) / 8;
      expect(metrics.network_bytes_sent).toBeGreaterThan(outputsBytes);
      expect(metrics.network_bytes_sent).toBeLessThan(outputsBytes + 200_000);
      expect(metrics.network_bytes_received).toBeGreaterThan(0);
    }
    const idle = sample(documents(SDI, { enable: false }));
    expect(idle.network_bytes_sent).toBeLessThan(1_000_000);
  });
});
