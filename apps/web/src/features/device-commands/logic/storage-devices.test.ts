import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  isRemovable,
  listedStorageDevices,
  type StorageDevice,
  storageSize,
} from './storage-devices';

const storage = (overrides: Partial<StorageDevice>): StorageDevice => ({
  devno: 'sda1',
  type: 'USB',
  uuid: 'u1',
  name: 'USB drive',
  size: { used: 0, total: 0 },
  ...overrides,
});

describe('storage devices (spec 2 §3, §4.8)', () => {
  it('hides entries without a uuid', () => {
    const listed = listedStorageDevices([
      storage({ uuid: 'a' }),
      storage({ uuid: '' }),
      storage({ uuid: '  ' }),
    ]);
    expect(listed.map((device) => device.uuid)).toEqual(['a']);
  });

  it('lets only USB and SD Card be removed or formatted', () => {
    expect(isRemovable(storage({ type: 'USB' }))).toBe(true);
    expect(isRemovable(storage({ type: 'SD Card' }))).toBe(true);
    expect(isRemovable(storage({ type: 'MMC' }))).toBe(false);
    expect(isRemovable(storage({ type: 'OTHER' }))).toBe(false);
  });

  it('shows sizes as used / total in 1024 units', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(64e9)).toBe('59.6 GB');
    expect(storageSize(storage({ size: { used: 0, total: 2 * 1024 ** 4 } }))).toBe('0 bytes / 2.0 TB');
  });
});
