import type { AdminUser } from '@ec/contract/users';
import { describe, expect, it } from 'vitest';
import { toggleGroup, userFormSchemaFor, userUpdateBody } from './user-form';

const user = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  user_guid: '00000000-0000-4000-8000-000000000001',
  name: 'Ann',
  email: 'ann@example.com',
  email_verified: true,
  phone_number: null,
  phone_number_verified: false,
  locale: 'en-US',
  zoneinfo: 'America/New_York',
  picture: null,
  status: 'CONFIRMED',
  ...overrides,
});

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('user form', () => {
  it('requires a name and a valid e-mail, and accepts an empty or a US/CA phone', () => {
    const schema = userFormSchemaFor(user());
    expect(messages(schema.safeParse({ name: ' ', email: '', phone_number: '' }))).toEqual([
      'Name is required.',
      'E-mail is required',
    ]);
    expect(messages(schema.safeParse({ name: 'A', email: 'nope', phone_number: '' }))).toEqual([
      'Must be valid e-mail',
    ]);
    expect(schema.safeParse({ name: 'A', email: 'A@B.CO', phone_number: '+1 555-123-4567' }).data).toEqual({
      name: 'A',
      email: 'a@b.co',
      phone_number: '+15551234567',
    });
    expect(schema.safeParse({ name: 'A', email: 'a@b.co', phone_number: '+44 20' }).success).toBe(false);
  });

  it('never checks nor sends a different e-mail for an SSO user', () => {
    const sso = user({ status: 'EXTERNAL_PROVIDER' });
    const values = userFormSchemaFor(sso).parse({ name: 'B', email: 'whatever', phone_number: '' });
    expect(userUpdateBody(sso, values)).toEqual({ name: 'B', email: 'ann@example.com', phone_number: '' });
  });

  it('toggles groups without duplicates', () => {
    expect(toggleGroup(['UserManagement'], 'DeviceManagement', true)).toEqual([
      'UserManagement',
      'DeviceManagement',
    ]);
    expect(toggleGroup(['UserManagement'], 'UserManagement', true)).toEqual(['UserManagement']);
    expect(toggleGroup(['UserManagement', 'DeviceManagement'], 'UserManagement', false)).toEqual([
      'DeviceManagement',
    ]);
  });
});
