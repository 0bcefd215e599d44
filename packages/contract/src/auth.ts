import { z } from 'zod';
import { GROUPS } from './access.ts';
import { inputText, okResponseSchema, TEXT_LIMITS } from './common.ts';
import { defineOperation } from './operations.ts';

/** Field rules and their exact messages (spec 1 §5), shared by the forms and the server. */
export const PASSWORD_MIN_LENGTH = 8;
export const CONFIRMATION_CODE_LENGTH = 6;
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_TIMEZONE = 'America/New_York';

export const emailSchema = inputText(TEXT_LIMITS.email, { error: 'E-mail is required' })
  .trim()
  .min(1, 'E-mail is required')
  .pipe(z.email({ error: 'Must be valid e-mail' }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = inputText(TEXT_LIMITS.password, { error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, 'Password needs to be longer');

export const nameSchema = inputText(TEXT_LIMITS.short, { error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.');

/** A password typed to prove who one is: only required, since older passwords may predate today's rules. */
export const currentPasswordSchema = inputText(TEXT_LIMITS.password, { error: 'Password is required' }).min(
  1,
  'Password is required',
);

export const codeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(/^\d{6}$/, 'Code must be exactly 6 digits');

export const localeSchema = z.string().regex(/^[a-z]{2}-[A-Z]{2}$/, 'Locale must look like en-US');
/** An IANA time zone the platform knows (times are shown in it). */
export const timezoneSchema = inputText(TEXT_LIMITS.short)
  .min(1, 'Timezone is required')
  .refine(isKnownTimeZone, 'Timezone must be an IANA time zone such as America/New_York');

/**
 * Zones already found valid: asking Intl builds a formatter (about a fifth of a millisecond), and every
 * System document the server takes in or sends names its zone. Only valid ones are kept, and at most
 * a thousand (Intl also takes a zone's name in any letter case).
 */
const knownTimeZones = new Set<string>();
const MAX_KNOWN_TIME_ZONES = 1000;

function isKnownTimeZone(timeZone: string) {
  if (knownTimeZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    return false;
  }
  if (knownTimeZones.size >= MAX_KNOWN_TIME_ZONES) knownTimeZones.clear();
  knownTimeZones.add(timeZone);
  return true;
}

/** Spaces and hyphens are stripped and the value lowercased; US and CA numbers only (+1). */
export const phoneSchema = inputText(TEXT_LIMITS.short)
  .transform((phone) => phone.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^\+1[2-9]\d{9}$/, 'Phone must be a US or CA number such as +1 555 123 4567'));

export const signUpBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  phone: z.union([z.literal(''), phoneSchema]).optional(),
  locale: localeSchema.default(DEFAULT_LOCALE),
  timezone: timezoneSchema.default(DEFAULT_TIMEZONE),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

export const signUpResponseSchema = z.object({
  user_guid: z.string(),
  user_confirmed: z.boolean(),
});

export const confirmSignUpBodySchema = z.object({ email: emailSchema, code: codeSchema });
export const resendConfirmationBodySchema = z.object({ email: emailSchema });

export const signInBodySchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});

/** A session: a short-lived access token and the refresh token that renews it (rotated on each use). */
export const sessionTokenSchema = z.object({
  access_token: z.string(),
  expires_at: z.iso.datetime(),
  refresh_token: z.string(),
});
export type SessionToken = z.infer<typeof sessionTokenSchema>;

export const refreshSessionBodySchema = z.object({ refresh_token: inputText(TEXT_LIMITS.opaque).min(1) });

export const MFA_METHODS = ['NOMFA', 'SOFTWARE_TOKEN_MFA'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];
export const TOTP_CHALLENGE = 'SOFTWARE_TOKEN_MFA';

export const mfaChallengeSchema = z.object({ challenge_name: z.string(), session: z.string() });

/** A sign-in either yields a session or names a challenge to answer next. */
export const signInResponseSchema = z.union([sessionTokenSchema, mfaChallengeSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const totpCodeSchema = z
  .string({ error: 'TOTP code is required' })
  .trim()
  .regex(/^\d{6}$/, 'TOTP code must be exactly 6 digits');

export const totpSignInBodySchema = z.object({
  session: inputText(TEXT_LIMITS.opaque).min(1),
  code: totpCodeSchema,
});

/** The text the console reacts to by starting over at capture_email (spec 1 §4.1 item 10, §8). */
export const EXPIRED_MFA_SESSION_MESSAGE = 'Invalid session for the user, session is expired.';

export const RESET_CODE_MIN_LENGTH = 6;
export const resetCodeSchema = inputText(TEXT_LIMITS.short, { error: 'Reset Code is required' })
  .trim()
  .min(1, 'Reset Code is required')
  .min(RESET_CODE_MIN_LENGTH, 'Reset Code needs to be longer');

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  code: resetCodeSchema,
  password: passwordSchema,
});

export const totpSetupSchema = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** otpauth:// URI, drawn as the QR code. */
  otpauth_uri: z.string(),
});
export const totpVerifyBodySchema = z.object({ code: totpCodeSchema });

/** The built-in identity provider's name in auth-info answers. */
export const BUILTIN_IDENTITY_PROVIDER = 'builtin';

export const authInfoQuerySchema = z.object({ email: emailSchema });
export const authInfoSchema = z.object({
  sso_providers: z.array(z.object({ provider_name: z.string(), label: z.string() })),
  cognito_region: z.string().nullable(),
  cognito_user_pool_id: z.string().nullable(),
  cognito_user_pool_domain: z.string().nullable(),
  client_id: z.string().nullable(),
  cognito_identity_pool_id: z.string().nullable(),
  oauth_scope: z.string().nullable(),
  oauth_response_type: z.string().nullable(),
  profile_picture_bucket: z.string().nullable(),
  iot_endpoint: z.string().nullable(),
  user_exists: z.boolean(),
  identity_provider: z.string(),
});
export type AuthInfo = z.infer<typeof authInfoSchema>;

/**
 * POST /auth-verify (spec 1 §7): the original attaches the browser's cloud identity to the device
 * topics. Here the live channel is authorized by the session itself, so the call only confirms it.
 */
export const authVerifyBodySchema = z.object({ identityId: inputText(TEXT_LIMITS.short).min(1) });
export const authVerifyResponseSchema = z.object({ verified: z.literal(true), identity_id: z.string() });

export const USER_STATUSES = ['UNCONFIRMED', 'CONFIRMED', 'EXTERNAL_PROVIDER'] as const;

export const sessionUserSchema = z.object({
  user_guid: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  phone_number: z.string().nullable(),
  /** Proven with a texted code; false again when the number changes. */
  phone_number_verified: z.boolean(),
  locale: z.string(),
  zoneinfo: z.string(),
  status: z.enum(USER_STATUSES),
  groups: z.array(z.enum(GROUPS)),
  mfa_method: z.enum(MFA_METHODS),
  /** An e-mail change waiting for its verification code. */
  pending_email: z.string().nullable(),
  /** Where the profile picture is served, null without one. */
  picture: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const currentSessionSchema = z.object({
  user: sessionUserSchema,
  expires_at: z.iso.datetime(),
});
export type CurrentSession = z.infer<typeof currentSessionSchema>;

/** Error codes named after the identity provider's exceptions the console reacts to (spec 1 §8). */
export const AUTH_ERRORS = {
  notConfirmed: 'UserNotConfirmedException',
  usernameExists: 'UsernameExistsException',
  notAuthorized: 'NotAuthorizedException',
  codeMismatch: 'CodeMismatchException',
  expiredCode: 'ExpiredCodeException',
  userNotFound: 'UserNotFoundException',
  tooManyRequests: 'TooManyRequestsException',
} as const;

/** Single sign-on (OpenID Connect, authorization code with PKCE): where to send the browser. */
export const ssoAuthorizeParamsSchema = z.object({ provider: inputText(TEXT_LIMITS.short).min(1) });
export const ssoAuthorizeQuerySchema = z.object({ email: emailSchema.optional() });
export const ssoAuthorizeResponseSchema = z.object({ authorization_url: z.url() });

/**
 * The provider's return at /auth/oauth_complete needs both code and state (spec 1 §4.1 item 7); `iss`
 * is passed on when the provider names itself in the return (RFC 9207).
 */
export const ssoCompleteBodySchema = z.object({
  code: inputText(TEXT_LIMITS.opaque).min(1, 'code is required'),
  state: inputText(TEXT_LIMITS.opaque).min(1, 'state is required'),
  iss: inputText(TEXT_LIMITS.opaque).optional(),
});

/** The path the providers send the browser back to, with code and state. */
export const SSO_RETURN_PATH = '/auth/oauth_complete';

const tags = ['identity'];

/** The identity provider's operations: sign-up, sign-in with its TOTP step, sessions, password reset. */
export const authOperations = {
  info: defineOperation({
    method: 'GET',
    path: '/auth-info',
    summary: 'How an e-mail signs in',
    tags,
    query: authInfoQuerySchema,
    status: 200,
    response: authInfoSchema,
  }),
  verify: defineOperation({
    method: 'POST',
    path: '/auth-verify',
    summary: 'Confirm the signed-in browser for the live channel (kept for the original clients)',
    tags,
    body: authVerifyBodySchema,
    status: 200,
    response: authVerifyResponseSchema,
  }),
  signUp: defineOperation({
    method: 'POST',
    path: '/auth/sign-up',
    summary: 'Create an account; a confirmation code is e-mailed',
    tags,
    body: signUpBodySchema,
    status: 201,
    response: signUpResponseSchema,
  }),
  confirmSignUp: defineOperation({
    method: 'POST',
    path: '/auth/confirm-sign-up',
    summary: 'Confirm an account with the e-mailed code',
    tags,
    body: confirmSignUpBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  resendConfirmation: defineOperation({
    method: 'POST',
    path: '/auth/resend-confirmation',
    summary: 'E-mail a new confirmation code (at most once per 30 s)',
    tags,
    body: resendConfirmationBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  signIn: defineOperation({
    method: 'POST',
    path: '/auth/sign-in',
    summary: 'Sign in with e-mail and password; accounts with TOTP get a challenge to answer',
    tags,
    body: signInBodySchema,
    status: 200,
    response: signInResponseSchema,
  }),
  answerTotp: defineOperation({
    method: 'POST',
    path: '/auth/sign-in/totp',
    summary: 'Answer the SOFTWARE_TOKEN_MFA challenge with a code from the authenticator app',
    tags,
    body: totpSignInBodySchema,
    status: 200,
    response: sessionTokenSchema,
  }),
  refresh: defineOperation({
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Renew the access token; the refresh token is replaced',
    tags,
    body: refreshSessionBodySchema,
    status: 200,
    response: sessionTokenSchema,
  }),
  forgotPassword: defineOperation({
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'E-mail a password reset code',
    tags,
    body: forgotPasswordBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  resetPassword: defineOperation({
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'Set a new password with the e-mailed reset code; other sessions end',
    tags,
    body: resetPasswordBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  signOut: defineOperation({
    method: 'POST',
    path: '/auth/sign-out',
    summary: 'End the current session on the server',
    tags,
    status: 200,
    response: okResponseSchema,
  }),
  session: defineOperation({
    method: 'GET',
    path: '/auth/session',
    summary: 'The signed-in user and when the session ends',
    tags,
    status: 200,
    response: currentSessionSchema,
  }),
};

/**
 * Single sign-on's JSON operations. The provider's return to SSO_RETURN_PATH is a console page, not
 * an API route: the page posts what came back to `complete`.
 */
export const ssoOperations = {
  authorize: defineOperation({
    method: 'GET',
    path: '/auth/sso/:provider/authorize',
    summary: "The provider's sign-in URL for a new round trip (PKCE, state and nonce kept by the server)",
    tags,
    params: ssoAuthorizeParamsSchema,
    query: ssoAuthorizeQuerySchema,
    status: 200,
    response: ssoAuthorizeResponseSchema,
  }),
  complete: defineOperation({
    method: 'POST',
    path: '/auth/sso/complete',
    summary: 'Finish single sign-on with the code and state the provider returned',
    tags,
    body: ssoCompleteBodySchema,
    status: 200,
    response: sessionTokenSchema,
  }),
};
