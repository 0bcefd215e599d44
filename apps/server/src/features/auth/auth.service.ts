import {
  AUTH_ERRORS,
  type AuthInfo,
  BUILTIN_IDENTITY_PROVIDER,
  type CurrentSession,
  EXPIRED_MFA_SESSION_MESSAGE,
  type SessionToken,
  type SessionUser,
  type SignInResponse,
  type signUpBodySchema,
  TOTP_CHALLENGE,
} from '@ec/contract/auth';
import type { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { BACKOFFS, RATE_LIMITS, rateLimiter } from '../../http/rate-limiter.ts';
import { digest, hashPassword, newToken, verifyPassword } from '../../shared/secrets.ts';
import type { Outbox } from '../outbox/outbox.service.ts';
import { listedProviders, providerForEmail } from '../sso/sso-providers.ts';
import { confirmationMail, passwordResetMail } from './auth.mails.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { matchTotpStep } from './totp.ts';
import { type UserRow, usersRepository } from './users.repository.ts';
import { type ClientContext, codeMismatch, verification } from './verification.ts';

const SESSION_TOKEN_PREFIX = 'ec_s_';
/** Session tokens carry their kind in their lead; any other bearer value is looked up as an access token. */
export const isSessionToken = (token: string) => token.startsWith(SESSION_TOKEN_PREFIX);
const REFRESH_TOKEN_PREFIX = 'ec_r_';
const MFA_CHALLENGE_PREFIX = 'ec_m_';
/** Time to type the TOTP code after the password was accepted. */
const MFA_CHALLENGE_TTL_MS = 3 * 60_000;

const DUMMY_HASH_PROMISE = hashPassword('not-a-real-password');

export function presentUser(user: UserRow): SessionUser {
  return {
    user_guid: user.userGuid,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerified,
    phone_number: user.phoneNumber,
    phone_number_verified: user.phoneNumberVerified,
    locale: user.locale,
    zoneinfo: user.zoneinfo,
    status: user.status,
    groups: user.groups as SessionUser['groups'],
    mfa_method: user.mfaMethod,
    pending_email: user.pendingEmail,
    picture: user.pictureUpdatedAt
      ? `/v1/users/${user.userGuid}/picture?v=${user.pictureUpdatedAt.getTime()}`
      : null,
  };
}

/**
 * The built-in identity provider (spec 1 §4.1): accounts, confirmation and reset codes, the TOTP
 * challenge at sign-in, and sessions with rotating refresh tokens. Sign-in, code checks and
 * re-sends are rate limited per account and per address.
 */
export function authService(deps: { db: Db; outbox: Outbox; config: Config }) {
  const users = usersRepository(deps.db);
  const sessions = sessionsRepository(deps.db);
  const codes = verification(deps.db);
  const limits = rateLimiter(deps.db);
  const mailContext = (user: UserRow, code: string, to = user.email) => ({
    to,
    name: user.name,
    code,
    publicUrl: deps.config.publicUrl,
    deployment: deps.config.DEPLOYMENT_NAME,
  });

  async function startSession(userGuid: string): Promise<SessionToken> {
    const tokens = newSessionTokens();
    await sessions.create({ userGuid, ...tokens.stored });
    return tokens.answer;
  }

  function newSessionTokens() {
    const accessToken = newToken(SESSION_TOKEN_PREFIX);
    const refreshToken = newToken(REFRESH_TOKEN_PREFIX);
    const expiresAt = new Date(Date.now() + deps.config.SESSION_TTL_MINUTES * 60_000);
    const refreshExpiresAt = new Date(Date.now() + deps.config.REFRESH_TTL_DAYS * 24 * 60 * 60_000);
    return {
      stored: {
        tokenHash: digest(accessToken),
        expiresAt,
        refreshTokenHash: digest(refreshToken),
        refreshExpiresAt,
      },
      answer: { access_token: accessToken, expires_at: expiresAt.toISOString(), refresh_token: refreshToken },
    };
  }

  return {
    async authInfo(email: string, client: ClientContext): Promise<AuthInfo> {
      await limits.hit([{ key: `auth-info:ip:${client.ip}`, rule: RATE_LIMITS.authInfoPerAddress }]);
      const user = await users.findByEmail(email);
      const provider = providerForEmail(deps.config.OIDC_PROVIDERS, email);
      return {
        sso_providers: listedProviders(deps.config.OIDC_PROVIDERS),
        cognito_region: null,
        cognito_user_pool_id: null,
        cognito_user_pool_domain: null,
        client_id: null,
        cognito_identity_pool_id: null,
        oauth_scope: null,
        oauth_response_type: null,
        profile_picture_bucket: null,
        iot_endpoint: null,
        user_exists: user !== undefined,
        identity_provider: provider?.name ?? BUILTIN_IDENTITY_PROVIDER,
      };
    },

    async signUp(body: z.output<typeof signUpBodySchema>, client: ClientContext) {
      await limits.hit([{ key: `sign-up:ip:${client.ip}`, rule: RATE_LIMITS.signUpPerAddress }]);
      const provider = providerForEmail(deps.config.OIDC_PROVIDERS, body.email);
      if (provider)
        throw ApiError.badRequest(`Accounts of this domain sign in with ${provider.label}.`, 'SSO_REQUIRED');
      const user = await users.insert({
        email: body.email,
        name: body.name,
        passwordHash: await hashPassword(body.password),
        phoneNumber: body.phone || null,
        locale: body.locale,
        zoneinfo: body.timezone,
        status: 'UNCONFIRMED',
      });
      if (!user)
        throw ApiError.badRequest(
          'An account with the given email already exists.',
          AUTH_ERRORS.usernameExists,
        );
      await deps.outbox.send(confirmationMail(mailContext(user, await codes.issue(user, 'sign_up'))));
      return { user_guid: user.userGuid, user_confirmed: false };
    },

    async confirmSignUp(email: string, code: string, client: ClientContext) {
      const user = await users.findByEmail(email);
      if (!user) {
        await codes.limitCodeCheck(email, client);
        throw codeMismatch();
      }
      if (user.status !== 'UNCONFIRMED') return;
      await codes.check(user, 'sign_up', code, client);
      await users.markConfirmed(user.userGuid);
    },

    /** Answers the same whether or not the account exists, so it cannot be used to probe e-mails. */
    async resendConfirmation(email: string, client: ClientContext) {
      await codes.limitResend(email, client);
      const user = await users.findByEmail(email);
      if (user?.status !== 'UNCONFIRMED') return;
      await deps.outbox.send(confirmationMail(mailContext(user, await codes.issue(user, 'sign_up'))));
    },

    async signIn(email: string, password: string, client: ClientContext): Promise<SignInResponse> {
      // Failures are counted per account and address together (slowed down, never locked) and per
      // address across accounts; a stranger elsewhere cannot keep the owner out (decision 29).
      const pairBucket = `sign-in:account-address:${email}:${client.ip}`;
      const addressBucket = `sign-in:failures:ip:${client.ip}`;
      await limits.assertUnderLimit(addressBucket, RATE_LIMITS.signInFailuresPerAddress);
      await limits.assertBackoffOver(pairBucket, BACKOFFS.signInPerAccountAndAddress);
      const user = await users.findByEmail(email);
      // An unknown e-mail still costs one hash check, so timing does not reveal which accounts exist.
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH_PROMISE), password);
      if (!user?.passwordHash || !passwordOk) {
        await limits.countBackoffFailure(pairBucket);
        await limits.countFailure(addressBucket, RATE_LIMITS.signInFailuresPerAddress);
        throw ApiError.badRequest('Incorrect username or password.', AUTH_ERRORS.notAuthorized);
      }
      if (user.status === 'UNCONFIRMED')
        throw ApiError.badRequest('User is not confirmed.', AUTH_ERRORS.notConfirmed);
      await limits.reset([pairBucket]);
      if (user.mfaMethod === 'SOFTWARE_TOKEN_MFA' && user.totpSecret) {
        const session = newToken(MFA_CHALLENGE_PREFIX);
        await sessions.createChallenge({
          userGuid: user.userGuid,
          tokenHash: digest(session),
          expiresAt: new Date(Date.now() + MFA_CHALLENGE_TTL_MS),
        });
        return { challenge_name: TOTP_CHALLENGE, session };
      }
      return startSession(user.userGuid);
    },

    /** The second step of a sign-in with TOTP: the challenge from signIn and a code from the app. */
    async answerTotpChallenge(session: string, code: string, client: ClientContext): Promise<SessionToken> {
      const challenge = await sessions.findChallenge(digest(session));
      if (!challenge) throw ApiError.badRequest(EXPIRED_MFA_SESSION_MESSAGE, AUTH_ERRORS.notAuthorized);
      await codes.limitCodeCheck(challenge.userGuid, client);
      const user = await users.findByGuid(challenge.userGuid);
      const step = user?.totpSecret ? matchTotpStep(user.totpSecret, code) : null;
      if (!user || step === null || !(await users.claimTotpStep(user.userGuid, step))) {
        await sessions.countChallengeFailure(challenge.challengeGuid);
        throw codeMismatch();
      }
      await sessions.deleteChallenge(challenge.challengeGuid);
      return startSession(user.userGuid);
    },

    /** New tokens for a live refresh token; the old refresh token stops working. */
    async refresh(refreshToken: string): Promise<SessionToken> {
      const tokens = newSessionTokens();
      const session = await sessions.rotate(digest(refreshToken), tokens.stored);
      if (!session)
        throw ApiError.unauthorized(
          'Your session has expired, please sign in again',
          AUTH_ERRORS.notAuthorized,
        );
      return tokens.answer;
    },

    async signOut(token: string) {
      await sessions.deleteByTokenHash(digest(token));
    },

    /** E-mails a reset code to a confirmed account with a password; answers the same for any e-mail. */
    async forgotPassword(email: string, client: ClientContext) {
      await codes.limitResend(email, client);
      const user = await users.findByEmail(email);
      if (!user?.passwordHash || user.status !== 'CONFIRMED') return;
      const code = await codes.issue(user, 'password_reset');
      await deps.outbox.send(passwordResetMail(mailContext(user, code)));
    },

    /** Sets a new password with the e-mailed code and ends every existing session of the account. */
    async resetPassword(email: string, code: string, password: string, client: ClientContext) {
      const user = await users.findByEmail(email);
      if (user?.status !== 'CONFIRMED') {
        await codes.limitCodeCheck(email, client);
        throw codeMismatch();
      }
      await codes.check(user, 'password_reset', code, client);
      await users.update(user.userGuid, { passwordHash: await hashPassword(password) });
      await sessions.deleteForUser(user.userGuid);
    },

    /** Opens a session for a user whose identity was proven elsewhere (single sign-on). */
    startSession,

    /** Resolves a bearer token to its user, or undefined when it is unknown or expired. */
    async authenticate(token: string) {
      if (!isSessionToken(token)) return undefined;
      const found = await sessions.findActive(digest(token), new Date());
      return found && { user: found.user, expiresAt: found.session.expiresAt };
    },

    async currentSession(userGuid: string, expiresAt: Date): Promise<CurrentSession> {
      const user = await users.findByGuid(userGuid);
      if (!user) throw ApiError.unauthorized();
      return { user: presentUser(user), expires_at: expiresAt.toISOString() };
    },

    /** Creates a confirmed account directly (demo seed and tests' factories). */
    async createConfirmedUser(input: { email: string; name: string; password: string; groups?: string[] }) {
      const user = await users.insert({
        email: input.email.toLowerCase(),
        name: input.name,
        passwordHash: await hashPassword(input.password),
        locale: 'en-US',
        zoneinfo: 'America/New_York',
        status: 'CONFIRMED',
        emailVerified: true,
        groups: input.groups ?? [],
      });
      return user ?? (await users.findByEmail(input.email.toLowerCase()))!;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
