import type { Device } from '@ec/contract/devices';
import { describe, expect, it } from 'vitest';
import { byStreamingStatus, monitorTone } from './monitor-order';

const device = (device_name: string, streaming_status: Device['streaming_status']) =>
  ({ device_name, serial_number: `SN-${device_name}`, streaming_status }) as Device;

describe('fleet monitor order', () => {
  it('puts the devices by streaming status, failing first, then by name', () => {
    const sorted = byStreamingStatus([
      device('offline', 4),
      device('b-streaming', 1),
      device('idle', 2),
      device('A-streaming', 1),
      device('broken', 0),
      device('', 5),
      device('unconfigured', 3),
    ]);
    expect(sorted.map((d) => d.device_name || d.serial_number)).toEqual([
      'broken',
      'A-streaming',
      'b-streaming',
      'idle',
      'unconfigured',
      'offline',
      'SN-',
    ]);
  });

  it('colours the cards as spec 2 §4.1 says: 1 green, 0 red, 2 orange, 3 grey', () => {
    expect([1, 0, 2, 3, 4, 5].map((status) => monitorTone(status as Device['streaming_status']))).toEqual([
      'success',
      'error',
      'warning',
      'grey',
      'grey',
      'grey',
    ]);
  });
});
