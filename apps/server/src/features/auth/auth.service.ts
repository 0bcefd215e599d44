import type { signUpBodySchema } from '@ec/contract/auth';
import {
  AUTH_ERRORS,
  type AuthInfo,
  BUILTIN_IDENTITY_PROVIDER,
  type CurrentSession,
  type SessionToken,
  type SessionUser,
} from '@ec/contract/auth';
import type { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { confirmationMail } from './auth.mails.ts';
import { digest, hashPassword, newToken, verifyPassword } from './secrets.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { type UserRow, usersRepository } from './users.repository.ts';
import { verificationCodesRepository } from './verification-codes.repository.ts';

const SESSION_TOKEN_PREFIX = 'ec_s_';

const DUMMY_HASH_PROMISE = hashPassword('not-a-real-password');

export function presentUser(user: UserRow): SessionUser {
  return {
    user_guid: user.userGuid,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerified,
    phone_number: user.phoneNumber,
    locale: user.locale,
    zoneinfo: user.zoneinfo,
    status: user.status,
    groups: user.groups as SessionUser['groups'],
  };
}

/** The built-in identity provider: accounts, confirmation codes and sessions (spec 1 §4.1). */
export function authService(deps: { db: Db; mailer: Mailer; config: Config }) {
  const users = usersRepository(deps.db);
  const sessions = sessionsRepository(deps.db);
  const codes = verificationCodesRepository(deps.db);

  async function sendConfirmation(user: UserRow) {
    const code = await codes.issue(user.userGuid, 'sign_up');
    await deps.mailer.send(
      confirmationMail({
        user,
        code,
        publicUrl: deps.config.publicUrl,
        deployment: deps.config.DEPLOYMENT_NAME,
      }),
    );
  }

  async function startSession(userGuid: string): Promise<SessionToken> {
    const token = newToken(SESSION_TOKEN_PREFIX);
    const expiresAt = new Date(Date.now() + deps.config.SESSION_TTL_MINUTES * 60_000);
    await sessions.create({ userGuid, tokenHash: digest(token), expiresAt });
    return { access_token: token, expires_at: expiresAt.toISOString() };
  }

  return {
    async authInfo(email: string): Promise<AuthInfo> {
      const user = await users.findByEmail(email);
      return {
        sso_providers: [],
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
        identity_provider: BUILTIN_IDENTITY_PROVIDER,
      };
    },

    async signUp(body: z.output<typeof signUpBodySchema>) {
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
      await sendConfirmation(user);
      return { user_guid: user.userGuid, user_confirmed: false };
    },

    async confirmSignUp(email: string, code: string) {
      const user = await users.findByEmail(email);
      if (!user)
        throw ApiError.badRequest(
          'Invalid verification code provided, please try again.',
          AUTH_ERRORS.codeMismatch,
        );
      if (user.status !== 'UNCONFIRMED') return;
      const check = await codes.check(user.userGuid, 'sign_up', code);
      if (check === 'expired') {
        throw ApiError.badRequest(
          'Invalid code provided, please request a code again.',
          AUTH_ERRORS.expiredCode,
        );
      }
      if (check === 'mismatch') {
        throw ApiError.badRequest(
          'Invalid verification code provided, please try again.',
          AUTH_ERRORS.codeMismatch,
        );
      }
      await users.markConfirmed(user.userGuid);
    },

    /** Answers the same whether or not the account exists, so it cannot be used to probe e-mails. */
    async resendConfirmation(email: string) {
      const user = await users.findByEmail(email);
      if (user?.status === 'UNCONFIRMED') await sendConfirmation(user);
    },

    async signIn(email: string, password: string): Promise<SessionToken> {
      const user = await users.findByEmail(email);
      // An unknown e-mail still costs one hash check, so timing does not reveal which accounts exist.
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH_PROMISE), password);
      if (!user?.passwordHash || !passwordOk)
        throw ApiError.badRequest('Incorrect username or password.', AUTH_ERRORS.notAuthorized);
      if (user.status === 'UNCONFIRMED')
        throw ApiError.badRequest('User is not confirmed.', AUTH_ERRORS.notConfirmed);
      return startSession(user.userGuid);
    },

    async signOut(token: string) {
      await sessions.deleteByTokenHash(digest(token));
    },

    /** Resolves a bearer token to its user, or undefined when it is unknown or expired. */
    async authenticate(token: string) {
      if (!token.startsWith(SESSION_TOKEN_PREFIX)) return undefined;
      return sessions.findActive(digest(token), new Date());
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
