import { describe, expect, it } from 'vitest';
import { makeSessionUser } from '../../../testing/data-generators';
import {
  changePasswordFormSchema,
  profileChanges,
  profileFormDefaults,
  profileFormSchema,
} from './account-forms';
import { PICTURE_SIZE_MESSAGE, PICTURE_TYPE_MESSAGE, pictureFileProblem } from './picture-file';
import { RESEND_WAIT_MS, resendWaitLeft } from './resend-wait';

/** The first message per field, as the forms show it. */
function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('profileFormSchema', () => {
  const user = makeSessionUser();

  it('needs a name and a valid e-mail, and takes US and CA phone numbers only', () => {
    const result = profileFormSchema(false).safeParse({
      ...profileFormDefaults(user),
      name: ' ',
      email: 'nope',
      phone_number: '+44 20 7946 0958',
    });
    expect(messages(result)).toEqual({
      name: 'Name is required.',
      email: 'Must be valid e-mail',
      phone_number: 'Phone must be a US or CA number such as +1 555 123 4567',
    });
  });

  it('strips spaces and hyphens from the phone and lowercases the e-mail', () => {
    const result = profileFormSchema(false).parse({
      ...profileFormDefaults(user),
      email: 'Ann.New@Example.com',
      phone_number: '+1 555-123 4567',
    });
    expect(result).toMatchObject({ email: 'ann.new@example.com', phone_number: '+15551234567' });
  });

  it('does not check the name and e-mail of a single sign-on user', () => {
    const sso = makeSessionUser({ status: 'EXTERNAL_PROVIDER', name: '' });
    expect(profileFormSchema(true).safeParse(profileFormDefaults(sso)).success).toBe(true);
  });
});

describe('profileChanges', () => {
  it('patches only what changed and sends a different e-mail separately', () => {
    const user = makeSessionUser({ email: 'ann@example.com', phone_number: '+15551234567' });
    const values = profileFormSchema(false).parse({
      ...profileFormDefaults(user),
      name: 'Ann Other',
      email: 'ann@example.com',
      phone_number: '',
      zoneinfo: 'Europe/Paris',
    });
    expect(profileChanges(user, values)).toEqual({
      patch: { name: 'Ann Other', phone_number: '', zoneinfo: 'Europe/Paris' },
      email: null,
    });
    expect(profileChanges(user, { ...values, email: 'new@example.com' }).email).toBe('new@example.com');
  });

  it('never sends the name or e-mail of a single sign-on user', () => {
    const user = makeSessionUser({ status: 'EXTERNAL_PROVIDER' });
    const values = { ...profileFormDefaults(user), name: 'X', email: 'x@example.com', phone_number: '' };
    expect(profileChanges(user, values)).toEqual({ patch: {}, email: null });
  });
});

describe('changePasswordFormSchema', () => {
  it('requires each field with at least 8 characters', () => {
    const result = changePasswordFormSchema.safeParse({
      current_password: '',
      new_password: 'short',
      confirm_password: 'short',
    });
    expect(messages(result)).toEqual({
      current_password: 'Password is required',
      new_password: 'Password needs to be longer',
      confirm_password: 'Password needs to be longer',
    });
  });

  it('refuses a confirmation that differs', () => {
    const result = changePasswordFormSchema.safeParse({
      current_password: 'old password',
      new_password: 'new password 1',
      confirm_password: 'new password 2',
    });
    expect(messages(result)).toEqual({ confirm_password: 'Passwords don`t match' });
  });
});

describe('resendWaitLeft', () => {
  it('counts down 30 s from the last send, and does not hold back an unknown one', () => {
    expect(resendWaitLeft(1000, 1000)).toBe(RESEND_WAIT_MS);
    expect(resendWaitLeft(1000, 1000 + RESEND_WAIT_MS - 1)).toBe(1);
    expect(resendWaitLeft(1000, 1000 + RESEND_WAIT_MS)).toBe(0);
    expect(resendWaitLeft(null, 1000)).toBe(0);
  });
});

describe('pictureFileProblem', () => {
  it('takes PNG and JPEG up to 1 MiB', () => {
    expect(pictureFileProblem({ type: 'image/png', size: 1024 * 1024 })).toBeNull();
    expect(pictureFileProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(pictureFileProblem({ type: 'image/gif', size: 10 })).toBe(PICTURE_TYPE_MESSAGE);
    expect(pictureFileProblem({ type: 'image/png', size: 1024 * 1024 + 1 })).toBe(PICTURE_SIZE_MESSAGE);
  });
});
