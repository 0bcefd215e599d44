import type { changePasswordBodySchema, updateProfileBodySchema } from '@ec/contract/account';
import { AUTH_ERRORS, type SessionUser } from '@ec/contract/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../files/file-store.ts';
import { ApiError } from '../../http/api-error.ts';
import { RATE_LIMITS, rateLimiter } from '../../http/rate-limiter.ts';
import { digest, hashPassword, verifyPassword } from '../../shared/secrets.ts';
import { SmsNotSentError, type SmsSender } from '../../sms/sms-sender.ts';
import { emailChangeMail } from '../auth/auth.mails.ts';
import { presentUser } from '../auth/auth.service.ts';
import { sessionsRepository } from '../auth/sessions.repository.ts';
import { matchTotpStep, newTotpSecret, totpUri } from '../auth/totp.ts';
import { type UserRow, usersRepository } from '../auth/users.repository.ts';
import { type ClientContext, codeMismatch, verification } from '../auth/verification.ts';
import type { Outbox } from '../outbox/outbox.service.ts';

const pictureKey = (userGuid: string) => `users/${userGuid}/profile.png`;

const isPng = (data: Buffer) =>
  data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isJpeg = (data: Buffer) => data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;

/** The texted code; it says where it comes from, since a text message has no sender name to show. */
const phoneCodeText = (code: string, deployment: string) =>
  `${deployment}: your verification code is ${code}. It expires in 24 hours.`;

const ssoOnly = (user: UserRow, what: string) => {
  if (user.status === 'EXTERNAL_PROVIDER')
    throw ApiError.badRequest(`${what} is managed by your single sign-on provider.`, 'EXTERNAL_PROVIDER');
};

/** The signed-in user's own account (spec 1 §2.5, §4.4). */
export function accountService(deps: {
  db: Db;
  outbox: Outbox;
  sms: SmsSender;
  config: Config;
  files: FileStore;
  log: FastifyBaseLogger;
}) {
  const users = usersRepository(deps.db);
  const sessions = sessionsRepository(deps.db);
  const codes = verification(deps.db);
  const limits = rateLimiter(deps.db);

  async function mailEmailCode(user: UserRow, email: string) {
    const code = await codes.issue(user, 'email_change');
    await deps.outbox.send(
      emailChangeMail({
        to: email,
        name: user.name,
        code,
        publicUrl: deps.config.publicUrl,
        deployment: deps.config.DEPLOYMENT_NAME,
      }),
    );
  }

  const updated = (row: UserRow | undefined) => {
    if (!row) throw ApiError.unauthorized();
    return presentUser(row);
  };

  return {
    async updateProfile(user: UserRow, body: z.output<typeof updateProfileBodySchema>): Promise<SessionUser> {
      if (body.name !== undefined && body.name !== user.name) ssoOnly(user, 'Your name');
      // An empty patch changes nothing (an UPDATE without columns is no statement at all).
      if (Object.values(body).every((value) => value === undefined)) return presentUser(user);
      return updated(
        await users.update(user.userGuid, {
          name: body.name,
          phoneNumber: body.phone_number === undefined ? undefined : body.phone_number || null,
          locale: body.locale,
          zoneinfo: body.zoneinfo,
        }),
      );
    },

    /** Starts an e-mail change: the new address gets a code, the old one stays until it is verified. */
    async requestEmailChange(user: UserRow, email: string, client: ClientContext): Promise<SessionUser> {
      ssoOnly(user, 'Your e-mail address');
      if (email === user.email) return updated(await users.update(user.userGuid, { pendingEmail: null }));
      if (await users.findByEmail(email))
        throw ApiError.badRequest(
          'An account with the given email already exists.',
          AUTH_ERRORS.usernameExists,
        );
      await codes.limitResend(user.userGuid, client);
      const row = await users.update(user.userGuid, { pendingEmail: email });
      await mailEmailCode(user, email);
      return updated(row);
    },

    async resendEmailCode(user: UserRow, client: ClientContext) {
      if (!user.pendingEmail) throw ApiError.badRequest('There is no e-mail change to verify.');
      await codes.limitResend(user.userGuid, client);
      await mailEmailCode(user, user.pendingEmail);
    },

    async verifyEmail(user: UserRow, code: string, client: ClientContext): Promise<SessionUser> {
      if (!user.pendingEmail) throw ApiError.badRequest('There is no e-mail change to verify.');
      await codes.check(user, 'email_change', code, client);
      if (await users.findByEmail(user.pendingEmail))
        throw ApiError.badRequest(
          'An account with the given email already exists.',
          AUTH_ERRORS.usernameExists,
        );
      return updated(
        await users.update(user.userGuid, {
          email: user.pendingEmail,
          pendingEmail: null,
          emailVerified: true,
        }),
      );
    },

    async cancelEmailChange(user: UserRow): Promise<SessionUser> {
      return updated(await users.update(user.userGuid, { pendingEmail: null }));
    },

    /**
     * Texts a code to the profile's phone number, with the re-send wait of e-mailed codes (its own
     * bucket, so an e-mail change does not hold it back). The code proves that number only.
     */
    async sendPhoneCode(user: UserRow, client: ClientContext) {
      const phone = user.phoneNumber;
      if (!phone) throw ApiError.badRequest('Add a phone number to your profile first.');
      if (user.phoneNumberVerified) throw ApiError.badRequest('Your phone number is already verified.');
      await codes.limitResend(`phone:${user.userGuid}`, client);
      const code = await codes.issue(user, 'phone_verification', phone);
      try {
        await deps.sms.send({ to: phone, text: phoneCodeText(code, deps.config.DEPLOYMENT_NAME) });
      } catch (error) {
        if (!(error instanceof SmsNotSentError)) throw error;
        deps.log.warn({ err: error, userGuid: user.userGuid }, 'a verification text message was not sent');
        throw new ApiError(
          502,
          'SMS_NOT_SENT',
          'The text message could not be sent. Please try again later.',
        );
      }
    },

    async verifyPhone(user: UserRow, code: string, client: ClientContext): Promise<SessionUser> {
      const phone = user.phoneNumber;
      if (!phone) throw ApiError.badRequest('Add a phone number to your profile first.');
      if (user.phoneNumberVerified) return presentUser(user);
      await codes.check(user, 'phone_verification', code, client, phone);
      const row = await users.markPhoneVerified(user.userGuid, phone);
      // The number changed between the check and now: the code proved the old one only.
      if (!row) throw codeMismatch();
      return presentUser(row);
    },

    /** Needs the current password; every other session of the account ends. */
    async changePassword(
      user: UserRow,
      body: z.output<typeof changePasswordBodySchema>,
      callerToken: string,
      client: ClientContext,
    ) {
      ssoOnly(user, 'Your password');
      await limits.hit([
        { key: `password:account:${user.userGuid}`, rule: RATE_LIMITS.passwordChecksPerAccount },
        { key: `password:ip:${client.ip}`, rule: RATE_LIMITS.passwordChecksPerAddress },
      ]);
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.current_password)))
        throw ApiError.badRequest('Incorrect password.', AUTH_ERRORS.notAuthorized);
      await users.update(user.userGuid, { passwordHash: await hashPassword(body.new_password) });
      await sessions.deleteForUser(user.userGuid, digest(callerToken));
    },

    /** A new secret for the authenticator app; TOTP is on only once a code from it is verified. */
    async setUpTotp(user: UserRow) {
      const secret = newTotpSecret();
      await users.update(user.userGuid, { totpPendingSecret: secret });
      return { secret, otpauth_uri: totpUri(secret, user.email, deps.config.DEPLOYMENT_NAME) };
    },

    async verifyTotp(user: UserRow, code: string, client: ClientContext): Promise<SessionUser> {
      if (!user.totpPendingSecret) throw ApiError.badRequest('Set up TOTP first to get a secret.');
      await codes.limitCodeCheck(user.userGuid, client);
      const step = matchTotpStep(user.totpPendingSecret, code);
      if (step === null) throw codeMismatch();
      return updated(
        await users.update(user.userGuid, {
          mfaMethod: 'SOFTWARE_TOKEN_MFA',
          totpSecret: user.totpPendingSecret,
          totpPendingSecret: null,
          totpLastStep: step,
        }),
      );
    },

    async disableMfa(user: UserRow): Promise<SessionUser> {
      ssoOnly(user, 'Multi-factor authentication');
      return updated(
        await users.update(user.userGuid, {
          mfaMethod: 'NOMFA',
          totpSecret: null,
          totpPendingSecret: null,
          totpLastStep: null,
        }),
      );
    },

    /** Deletes the account with its sessions, tokens, memberships and files; the reason is logged. */
    async deleteAccount(user: UserRow, reason: string) {
      deps.log.info({ userGuid: user.userGuid, reason }, 'account deleted by its owner');
      await users.delete(user.userGuid);
      await deps.files.removeFolder(`users/${user.userGuid}`);
    },

    async savePicture(user: UserRow, data: Buffer): Promise<SessionUser> {
      if (!isPng(data) && !isJpeg(data))
        throw ApiError.badRequest('The picture must be a PNG or JPEG image.');
      await deps.files.write(pictureKey(user.userGuid), data);
      return updated(await users.update(user.userGuid, { pictureUpdatedAt: new Date() }));
    },

    async readPicture(userGuid: string) {
      const data = await deps.files.read(pictureKey(userGuid));
      if (!data) return undefined;
      return { data, contentType: isPng(data) ? 'image/png' : 'image/jpeg' };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
