import type { Device } from '@ec/contract/devices';
import { describe, expect, it } from 'vitest';
import { multiviewCandidates, multiviewTiles } from './multiview-tiles';

const device = (name: string, extra: Partial<Device> = {}) =>
  ({
    device_guid: `guid-${name}`,
    device_name: name,
    serial_number: `SN-${name}`,
    online: true,
    cloud_version: 'v1.3.0',
    ...extra,
  }) as Device;

describe('multi-view tiles', () => {
  it('takes online devices whose cloud agent is v1.3.0 or later', () => {
    const candidates = multiviewCandidates([
      device('ok'),
      device('newer', { cloud_version: '1.10.2' }),
      device('old', { cloud_version: 'v1.2.9' }),
      device('unknown', { cloud_version: null }),
      device('offline', { online: false }),
    ]);
    expect(candidates.map((d) => d.device_name)).toEqual(['ok', 'newer']);
  });

  it('shows the inputs with a format of licensed devices, sorted by device or input name either way', () => {
    const input = (id: number, name: string, noSignal = false) => ({ id, name, noSignal });
    const devices = [
      { device: device('Stage B'), licensed: true, inputs: [input(1, 'Camera'), input(2, 'Wide', true)] },
      { device: device('Stage A'), licensed: true, inputs: [input(1, 'Slides'), input(2, 'Audience')] },
      { device: device('Unlicensed'), licensed: false, inputs: [input(1, 'Aaa')] },
    ];
    const names = (tiles: ReturnType<typeof multiviewTiles>) =>
      tiles.map((t) => `${t.deviceName}/${t.inputName}`);
    expect(names(multiviewTiles(devices, 'device_name', 'asc'))).toEqual([
      'Stage A/Audience',
      'Stage A/Slides',
      'Stage B/Camera',
    ]);
    expect(names(multiviewTiles(devices, 'device_name', 'desc'))).toEqual([
      'Stage B/Camera',
      'Stage A/Slides',
      'Stage A/Audience',
    ]);
    expect(names(multiviewTiles(devices, 'input_name', 'asc'))).toEqual([
      'Stage A/Audience',
      'Stage B/Camera',
      'Stage A/Slides',
    ]);
    expect(multiviewTiles([], 'input_name', 'desc')).toEqual([]);
  });
});
