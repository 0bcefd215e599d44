import { type AuthInfo, BUILTIN_IDENTITY_PROVIDER } from '@ec/contract/auth';

/** Stages of the authentication page (spec 1 §2.3). */
export type AuthStage =
  | 'capture_email'
  | 'sso'
  | 'auth_password'
  | 'signup'
  | 'totp_confirmation'
  | 'email_confirmation'
  | 'forgot_password'
  | 'organization_selection'
  | 'processing';

/** What a navigation between authentication URLs carries over. */
export interface AuthNavigationState {
  email?: string;
  /** Single sign-on providers the sign-up page offers besides a password. */
  ssoProviders?: AuthInfo['sso_providers'];
  stage?: AuthStage;
  error?: string;
}

/**
 * Where an e-mail look-up leads (spec 1 §4.1 items 2-4): an existing built-in account signs in with
 * its password; an SSO provider's account goes to SSO; everything else signs up.
 */
export function stageAfterLookup(
  info: Pick<AuthInfo, 'identity_provider' | 'user_exists' | 'sso_providers'>,
) {
  if (info.identity_provider === BUILTIN_IDENTITY_PROVIDER)
    return info.user_exists ? 'auth_password' : 'signup';
  if (info.sso_providers.some((provider) => provider.provider_name === info.identity_provider)) return 'sso';
  return 'signup';
}

/** The text shown for a sign-in challenge this console cannot answer yet. */
export const unhandledChallenge = (name: string) => `Unhandled Cognito Challenge: ${name}`;

export const USER_EXISTS_SUFFIX = ' Please try logging in instead';
