import { describe, expect, it } from 'vitest';
import {
  accessLabel,
  canControlWith,
  canEditWith,
  type DeviceAccessSources,
  deviceAccessRights,
  fleetAccessRights,
  isPlatformAdmin,
} from './access.ts';

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

describe('deviceAccessRights (spec 2 §6, spec 3 §6)', () => {
  const none: DeviceAccessSources = { orgAccess: null, deviceAccess: null, fleetAccesses: [], groups: [] };
  const rights = (view: boolean, control: boolean, edit: boolean, admin = false) => ({
    view,
    control,
    edit,
    admin,
  });

  it.each([
    ['nobody', {}, rights(false, false, false)],
    ['an org Read Only member', { orgAccess: 100 }, rights(true, false, false)],
    ['an org User', { orgAccess: 200 }, rights(true, true, false)],
    ['an org Admin', { orgAccess: 300 }, rights(true, true, true)],
    ['a device user 100', { deviceAccess: 100 }, rights(true, false, false)],
    ['a device user 200', { deviceAccess: 200 }, rights(true, true, false)],
    ['a device user 300', { deviceAccess: 300 }, rights(true, true, true)],
    ['a fleet user 200', { fleetAccesses: [100, 200] }, rights(true, true, false)],
    ['the best of its sources', { orgAccess: 100, deviceAccess: 300 }, rights(true, true, true)],
    ['a platform DeviceManagement holder', { groups: ['DeviceManagement'] }, rights(true, true, true, true)],
    [
      'another platform group',
      { groups: ['OrganizationManagement', 'UserManagement'] },
      rights(false, false, false),
    ],
  ] as const)('%s', (_who, sources, expected) => {
    expect(deviceAccessRights({ ...none, ...sources })).toEqual(expected);
  });
});

describe('fleetAccessRights (spec 2 §6)', () => {
  it.each([
    ['nobody', null, null, { view: false, control: false, edit: false }],
    ['an org Read Only member', 100, null, { view: true, control: false, edit: false }],
    ['an org User', 200, null, { view: true, control: true, edit: false }],
    ['an org Admin, who always edits', 300, null, { view: true, control: true, edit: true }],
    ['a fleet user 100', null, 100, { view: true, control: false, edit: false }],
    ['a fleet user 200', null, 200, { view: true, control: true, edit: false }],
    ['a fleet user 300', null, 300, { view: true, control: true, edit: true }],
    ['a Read Only member who is a fleet admin', 100, 300, { view: true, control: true, edit: true }],
  ] as const)('%s', (_who, orgAccess, fleetAccess, expected) => {
    expect(fleetAccessRights({ orgAccess, fleetAccess })).toEqual(expected);
  });
});
