import { describe, expect, it } from 'vitest';
import { captureEmailFormSchema, signUpFormSchema } from './auth-forms';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('auth forms', () => {
  it('lowercases and checks the e-mail', () => {
    expect(captureEmailFormSchema.parse({ email: ' Ann@Example.COM ' }).email).toBe('ann@example.com');
    expect(messages(captureEmailFormSchema.safeParse({ email: '' }))).toEqual(['E-mail is required']);
    expect(messages(captureEmailFormSchema.safeParse({ email: 'nope' }))).toEqual(['Must be valid e-mail']);
  });

  it('needs agreement, a name and matching passwords to sign up', () => {
    const result = signUpFormSchema.safeParse({
      agree: false,
      name: ' ',
      email: 'ann@example.com',
      password: 'longenough',
      confirmPassword: 'different1',
      locale: 'en-US',
      timezone: 'America/New_York',
    });
    expect(messages(result)).toEqual([
      'You must agree to continue!',
      'Name is required.',
      'Passwords don`t match',
    ]);
    const mismatch = signUpFormSchema.safeParse({
      agree: true,
      name: 'Ann',
      email: 'ann@example.com',
      password: 'longenough',
      confirmPassword: 'different1',
      locale: 'en-US',
      timezone: 'America/New_York',
    });
    expect(messages(mismatch)).toEqual(['Passwords don`t match']);
  });
});
