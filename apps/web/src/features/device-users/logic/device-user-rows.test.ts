import { ApiError } from '@ec/client/api-error';
import type { DeviceUser } from '@ec/contract/device-users';
import { INVITE_ERRORS } from '@ec/contract/invites';
import { describe, expect, it } from 'vitest';
import {
  changedPermissions,
  deviceUserRowKey,
  inviteFieldError,
  managedLabel,
  ownUsers,
} from './device-user-rows';

const user = (overrides: Partial<DeviceUser>): DeviceUser => ({
  user_guid: '10000000-0000-4000-8000-000000000001',
  access: 100,
  org_guid: null,
  fleet_guid: null,
  managed_by: null,
  name: 'Ann',
  email: 'ann@example.com',
  ...overrides,
});

const ann = user({});
const bob = user({ user_guid: '10000000-0000-4000-8000-000000000002', name: 'Bob', access: 200 });
const member = user({
  user_guid: '10000000-0000-4000-8000-000000000003',
  access: 300,
  managed_by: 'org',
  org_guid: '20000000-0000-4000-8000-000000000001',
});

describe('device user rows', () => {
  it('labels managed rows and keys a member who is also a device user twice', () => {
    expect(managedLabel(member)).toBe('Managed by Org');
    expect(managedLabel(user({ managed_by: 'fleet' }))).toBe('Managed by Fleet');
    expect(managedLabel(ann)).toBeNull();
    const both = [member, { ...member, managed_by: null, org_guid: null }];
    expect(new Set(both.map(deviceUserRowKey)).size).toBe(2);
    expect(ownUsers([ann, member, bob])).toEqual([ann, bob]);
  });

  it('saves only the changed levels of the device’s own users', () => {
    const edits = new Map([
      [ann.user_guid, 300],
      [bob.user_guid, 200], // put back as it was
      [member.user_guid, 100], // managed: never sent
    ] as const);
    expect(changedPermissions([ann, bob, member], edits)).toEqual([
      { user_guid: ann.user_guid, access: 300 },
    ]);
    expect(changedPermissions([ann, bob], new Map())).toEqual([]);
  });

  it('puts the duplicate invite message at the e-mail field, other failures not', () => {
    const duplicate = new ApiError(400, {
      message: INVITE_ERRORS.alreadyDeviceUser,
      error_code: 'ALREADY_MEMBER',
    });
    expect(inviteFieldError(duplicate)).toBe(INVITE_ERRORS.alreadyDeviceUser);
    expect(inviteFieldError(new ApiError(403, { message: 'No', error_code: 'FORBIDDEN' }))).toBeNull();
    expect(inviteFieldError(new Error('Failed to fetch'))).toBeNull();
  });
});
