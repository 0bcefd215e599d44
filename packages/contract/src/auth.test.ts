import { describe, expect, it } from 'vitest';
import { codeSchema, emailSchema, passwordSchema, phoneSchema, signUpBodySchema } from './auth.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('field rules (spec 1 §5)', () => {
  it('requires a valid e-mail and lower-cases it', () => {
    expect(firstMessage(emailSchema.safeParse(''))).toBe('E-mail is required');
    expect(firstMessage(emailSchema.safeParse('not-an-email'))).toBe('Must be valid e-mail');
    expect(emailSchema.parse(' Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('asks for a longer password below eight characters', () => {
    expect(firstMessage(passwordSchema.safeParse(''))).toBe('Password is required');
    expect(firstMessage(passwordSchema.safeParse('short'))).toBe('Password needs to be longer');
    expect(passwordSchema.safeParse('long-enough').success).toBe(true);
  });

  it('accepts US and CA phone numbers with spaces and hyphens stripped', () => {
    expect(phoneSchema.parse('+1 415-555 0100')).toBe('+14155550100');
    expect(phoneSchema.safeParse('+44 20 7946 0958').success).toBe(false);
  });

  it('takes confirmation codes of exactly six digits', () => {
    expect(codeSchema.safeParse('123456').success).toBe(true);
    expect(codeSchema.safeParse('12345').success).toBe(false);
    expect(codeSchema.safeParse('12345a').success).toBe(false);
  });

  it('fills locale and timezone defaults on sign-up', () => {
    const body = signUpBodySchema.parse({ name: 'Ada', email: 'ada@example.com', password: 'password1' });
    expect(body).toMatchObject({ locale: 'en-US', timezone: 'America/New_York' });
    expect(firstMessage(signUpBodySchema.safeParse({ ...body, name: ' ' }))).toBe('Name is required.');
  });
});
