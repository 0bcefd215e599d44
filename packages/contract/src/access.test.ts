import { describe, expect, it } from 'vitest';
import { accessLabel, canControlWith, canEditWith, isPlatformAdmin } from './access.ts';

describe('access levels (spec 1 §6)', () => {
  it('labels the three levels', () => {
    expect([100, 200, 300, 42].map(accessLabel)).toEqual([
      'Read Only',
      'User',
      'Admin',
      'Unknown Access Level',
    ]);
  });

  it('lets only levels above 200 edit and above 100 control', () => {
    expect([100, 200, 300].map(canEditWith)).toEqual([false, false, true]);
    expect([100, 200, 300].map(canControlWith)).toEqual([false, true, true]);
    expect(canEditWith(undefined)).toBe(false);
  });

  it('makes the first four groups platform admins, not ContainerManagement', () => {
    expect(isPlatformAdmin(['DeviceManagement'])).toBe(true);
    expect(isPlatformAdmin(['ContainerManagement'])).toBe(false);
    expect(isPlatformAdmin([])).toBe(false);
  });
});
