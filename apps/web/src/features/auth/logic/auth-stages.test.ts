import { describe, expect, it } from 'vitest';
import { stageAfterLookup, unhandledChallenge } from './auth-stages';

const info = (identity_provider: string, user_exists: boolean) => ({
  identity_provider,
  user_exists,
  sso_providers: [{ provider_name: 'AcmeSSO', label: 'Acme' }],
});

describe('stageAfterLookup', () => {
  it('asks an existing built-in user for the password', () => {
    expect(stageAfterLookup(info('builtin', true))).toBe('auth_password');
  });
  it('offers sign-up to an unknown e-mail', () => {
    expect(stageAfterLookup(info('builtin', false))).toBe('signup');
    expect(stageAfterLookup(info('unknown', false))).toBe('signup');
  });
  it('sends SSO accounts to their provider', () => {
    expect(stageAfterLookup(info('AcmeSSO', true))).toBe('sso');
  });
  it('names unhandled challenges', () => {
    expect(unhandledChallenge('NEW_PASSWORD_REQUIRED')).toBe(
      'Unhandled Cognito Challenge: NEW_PASSWORD_REQUIRED',
    );
  });
});
