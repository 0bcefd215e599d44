import { like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories.ts';
import { startSmsProvider } from '../../../test/sms-provider.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rateLimits } from '../../db/tables/rate-limits.schema.ts';

/**
 * Phone verification (spec 1 §2.5, §4.4, §5) through the real app and the real SMS sender, posting to
 * a captured Twilio-compatible provider.
 */
let t: TestApp;
let provider: Awaited<ReturnType<typeof startSmsProvider>>;
const logLines: string[] = [];

beforeAll(async () => {
  provider = await startSmsProvider();
  t = await createTestApp({ logLines, env: { SMS_URL: provider.url(), SMS_FROM: '+15550009999' } });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});
beforeEach(() => provider.failWith(null));

const WAIT = 'Please Wait Before Resending the Verification Code';
let nextNumber = 1000;
const newPhone = () => `+1555310${nextNumber++}`;
/** Every number and code of this file, none of which may reach the log. */
const secrets: string[] = [];

/** Changes the phone number of `user`'s profile, as the profile form does. */
const setPhone = (user: TestUser, phone: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/v1/account',
    headers: user.headers(),
    payload: { phone_number: phone },
  });

async function userWithPhone(phone = newPhone()) {
  const user = await createUser(t);
  const response = await setPhone(user, phone);
  expect(response.statusCode).toBe(200);
  secrets.push(phone);
  return { user, phone };
}

const sendCode = (user: TestUser) =>
  t.app.inject({ method: 'POST', url: '/v1/account/phone/code', headers: user.headers() });
const verify = (user: TestUser, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/account/phone/verify',
    headers: user.headers(),
    payload: { code },
  });
const session = async (user: TestUser) =>
  (await t.app.inject({ url: '/v1/auth/session', headers: user.headers() })).json().user;

/** The code in the newest text message the provider received for `phone`. */
function textedCode(phone: string) {
  const text = provider.messages.filter((message) => message.to === phone).at(-1)?.body ?? '';
  const code = /verification code is (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  secrets.push(code);
  return code;
}

/** Lets the next re-send through at once, as if 30 s had passed. */
const endResendWait = () => t.db.delete(rateLimits).where(like(rateLimits.bucket, 'resend:%'));

describe('phone verification', () => {
  it('texts a code to the profile phone through the provider, holds re-sends for 30 s and verifies', async () => {
    const { user, phone } = await userWithPhone();
    expect(await session(user)).toMatchObject({ phone_number: phone, phone_number_verified: false });

    const sent = await sendCode(user);
    expect(sent.statusCode).toBe(200);
    expect(provider.messages.at(-1)).toMatchObject({
      path: '/2010-04-01/Accounts/AC123/Messages.json',
      authorization: `Basic ${Buffer.from('AC123:auth-token').toString('base64')}`,
      to: phone,
      from: '+15550009999',
      body: expect.stringMatching(
        /^Edgecaster Cloud: your verification code is \d{6}\. It expires in 24 hours\.$/,
      ),
    });
    const code = textedCode(phone);

    const again = await sendCode(user);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(WAIT);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(provider.messages.filter((message) => message.to === phone)).toHaveLength(1);

    const verified = await verify(user, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ phone_number: phone, phone_number_verified: true });
    expect(await session(user)).toMatchObject({ phone_number_verified: true });
    // Administration shows the same.
    const admin = await t.app.inject({ url: `/v1/users/${user.userGuid}`, headers: user.headers() });
    expect(admin.json().user.phone_number_verified).toBe(true);

    // Nothing more to send for a verified number.
    await endResendWait();
    const needless = await sendCode(user);
    expect(needless.statusCode).toBe(400);
    expect(needless.json().message).toBe('Your phone number is already verified.');
  });

  it('spends the code after five wrong guesses, as e-mailed codes', async () => {
    const { user, phone } = await userWithPhone();
    expect((await sendCode(user)).statusCode).toBe(200);
    const code = textedCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';

    const malformed = await verify(user, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('Code must be exactly 6 digits');
    for (let guess = 0; guess < 5; guess++) {
      const response = await verify(user, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Invalid verification code provided, please try again.',
        error_code: 'CodeMismatchException',
      });
    }
    const spent = await verify(user, code);
    expect(spent.json()).toEqual({
      message: 'Invalid code provided, please request a code again.',
      error_code: 'ExpiredCodeException',
    });
    expect(await session(user)).toMatchObject({ phone_number_verified: false });

    // A new code works.
    await endResendWait();
    expect((await sendCode(user)).statusCode).toBe(200);
    expect((await verify(user, textedCode(phone))).json().phone_number_verified).toBe(true);
  });

  it('makes a changed number unverified, by whoever changes it', async () => {
    const { user, phone } = await userWithPhone();
    await sendCode(user);
    await verify(user, textedCode(phone));

    // The same number written again (with spaces and hyphens) stays verified.
    const same = await t.app.inject({
      method: 'PATCH',
      url: '/v1/account',
      headers: user.headers(),
      payload: {
        phone_number: `${phone.slice(0, 2)} ${phone.slice(2, 5)}-${phone.slice(5)}`,
        locale: 'fr-CA',
      },
    });
    expect(same.json()).toMatchObject({ phone_number: phone, phone_number_verified: true });

    const other = newPhone();
    secrets.push(other);
    const changed = await setPhone(user, other);
    expect(changed.json()).toMatchObject({ phone_number: other, phone_number_verified: false });

    await endResendWait();
    await sendCode(user);
    await verify(user, textedCode(other));
    // User administration's edit form changes it too.
    const adminEdit = await t.app.inject({
      method: 'PATCH',
      url: `/v1/users/${user.userGuid}`,
      headers: user.headers(),
      payload: { name: 'Phone Person', email: user.email, phone_number: phone },
    });
    expect(adminEdit.json().user).toMatchObject({ phone_number: phone, phone_number_verified: false });

    // Cleared, then set again: still unverified.
    await setPhone(user, '');
    const back = await setPhone(user, other);
    expect(back.json()).toMatchObject({ phone_number: other, phone_number_verified: false });
  });

  it('does not let a code sent to the old number verify the new one', async () => {
    const { user, phone } = await userWithPhone();
    await sendCode(user);
    const code = textedCode(phone);
    const other = newPhone();
    secrets.push(other);
    await setPhone(user, other);

    const response = await verify(user, code);
    expect(response.json().error_code).toBe('ExpiredCodeException');
    expect(await session(user)).toMatchObject({ phone_number: other, phone_number_verified: false });
  });

  it('needs a phone number in the profile', async () => {
    const user = await createUser(t);
    for (const response of [await sendCode(user), await verify(user, '123456')]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Add a phone number to your profile first.');
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/v1/account/phone/code' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 502 when the provider refuses the message, and logs why without the number', async () => {
    const { user } = await userWithPhone();
    provider.failWith(401);
    const response = await sendCode(user);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      message: 'The text message could not be sent. Please try again later.',
      error_code: 'SMS_NOT_SENT',
    });
    const warning = logLines
      .map((line) => JSON.parse(line))
      .find((line) => line.err?.type === 'SmsNotSentError');
    expect(warning).toMatchObject({
      level: 40,
      msg: 'a verification text message was not sent',
      err: { message: 'the SMS provider answered 401 (error 21211)' },
    });
  });

  it('writes no phone number, code or provider credential to the log', () => {
    const log = logLines.join('\n');
    expect(log).toContain('/v1/account/phone/verify');
    expect(secrets.length).toBeGreaterThan(8);
    for (const secret of [...secrets, 'auth-token', Buffer.from('AC123:auth-token').toString('base64')])
      expect(log).not.toContain(secret);
  });
});
