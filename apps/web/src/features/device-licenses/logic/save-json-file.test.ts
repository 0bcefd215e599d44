import { describe, expect, it } from 'vitest';
import { jsonFileName } from './save-json-file';

describe('jsonFileName', () => {
  it('makes a file name of the device name', () => {
    expect(jsonFileName('Studio A / Main', 'licenses')).toBe('Studio-A-Main-licenses.json');
    expect(jsonFileName('  ', 'entitlements')).toBe('device-entitlements.json');
    expect(jsonFileName('enc_01.lab', 'licenses')).toBe('enc_01.lab-licenses.json');
  });
});
