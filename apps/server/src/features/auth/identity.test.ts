import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logLines });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });

const codeFrom = (text: string) => /code is (\d{6})/.exec(text)?.[1];
const totpCode = (secret: string, at = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

async function enableTotp(user: TestUser) {
  const setup = await post('/v1/account/totp', {}, user.headers());
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_uri } = setup.json();
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  const verify = await post('/v1/account/totp/verify', { code: totpCode(secret) }, user.headers());
  expect(verify.statusCode).toBe(200);
  expect(verify.json().mfa_method).toBe('SOFTWARE_TOKEN_MFA');
  return secret as string;
}

describe('TOTP multi-factor sign-in', () => {
  let user: TestUser;
  let secret: string;
  afterEach(() => {
    vi.useRealTimers();
  });

  beforeAll(async () => {
    user = await createUser(t);
    secret = await enableTotp(user);
  });

  it('asks for a code after the password, and a code opens a session', async () => {
    const signIn = await post('/v1/auth/sign-in', { email: user.email, password: user.password });
    expect(signIn.json()).toEqual({ challenge_name: 'SOFTWARE_TOKEN_MFA', session: expect.any(String) });

    // The phone's clock may run a step ahead: the next step's code counts too.
    const answer = await post('/v1/auth/sign-in/totp', {
      session: signIn.json().session,
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().access_token).toMatch(/^ec_s_/);
  });

  it('refuses a code that was already used, and a code from minutes ago', async () => {
    // Two minutes on, so that the codes used above belong to the past.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const code = totpCode(secret);
    const first = await post('/v1/auth/sign-in', { email: user.email, password: user.password });
    expect((await post('/v1/auth/sign-in/totp', { session: first.json().session, code })).statusCode).toBe(
      200,
    );

    const second = await post('/v1/auth/sign-in', { email: user.email, password: user.password });
    const replay = await post('/v1/auth/sign-in/totp', { session: second.json().session, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error_code).toBe('CodeMismatchException');

    const stale = await post('/v1/auth/sign-in/totp', {
      session: second.json().session,
      code: totpCode(secret, Date.now() - 5 * 60_000),
    });
    expect(stale.statusCode).toBe(400);
  });

  it('ends the challenge after repeated wrong codes with the expired-session message', async () => {
    const signIn = await post('/v1/auth/sign-in', { email: user.email, password: user.password });
    const session = signIn.json().session;
    for (let i = 0; i < 5; i++) await post('/v1/auth/sign-in/totp', { session, code: '000000' });
    const after = await post('/v1/auth/sign-in/totp', { session, code: totpCode(secret) });
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toBe('Invalid session for the user, session is expired.');
  });

  it('turns MFA off again, after which the password alone signs in', async () => {
    const off = await t.app.inject({ method: 'DELETE', url: '/v1/account/mfa', headers: user.headers() });
    expect(off.json().mfa_method).toBe('NOMFA');
    const signIn = await post('/v1/auth/sign-in', { email: user.email, password: user.password });
    expect(signIn.json().access_token).toMatch(/^ec_s_/);
  });

  it('does not turn TOTP on with a wrong code', async () => {
    const other = await createUser(t);
    await post('/v1/account/totp', {}, other.headers());
    const verify = await post('/v1/account/totp/verify', { code: '123456' }, other.headers());
    expect(verify.statusCode).toBe(400);
    const session = await t.app.inject({ url: '/v1/auth/session', headers: other.headers() });
    expect(session.json().user.mfa_method).toBe('NOMFA');
  });
});

describe('sessions', () => {
  it('renews the access token with a refresh token that works only once', async () => {
    const user = await createUser(t);
    const signIn = (await post('/v1/auth/sign-in', { email: user.email, password: user.password })).json();
    const renewed = await post('/v1/auth/refresh', { refresh_token: signIn.refresh_token });
    expect(renewed.statusCode).toBe(200);
    const next = renewed.json();
    expect(next.access_token).not.toBe(signIn.access_token);
    expect(next.refresh_token).not.toBe(signIn.refresh_token);

    const old = await t.app.inject({
      url: '/v1/auth/session',
      headers: { authorization: `Bearer ${signIn.access_token}` },
    });
    expect(old.statusCode).toBe(403);
    const reused = await post('/v1/auth/refresh', { refresh_token: signIn.refresh_token });
    expect(reused.statusCode).toBe(401);

    await post('/v1/auth/sign-out', {}, { authorization: `Bearer ${next.access_token}` });
    expect((await post('/v1/auth/refresh', { refresh_token: next.refresh_token })).statusCode).toBe(401);
  });
});

describe('forgot password', () => {
  it('mails a reset code, sets the new password and ends the old sessions', async () => {
    const user = await createUser(t);
    expect((await post('/v1/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    const code = codeFrom((await t.sentMails()).at(-1)!.text)!;
    expect((await t.sentMails()).at(-1)!.to).toBe(user.email);

    const short = await post('/v1/auth/reset-password', {
      email: user.email,
      code: '123',
      password: 'new-password-1',
    });
    expect(short.json().message).toContain('Reset Code needs to be longer');

    const reset = await post('/v1/auth/reset-password', {
      email: user.email,
      code,
      password: 'new-password-1',
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/auth/session', headers: user.headers() })).statusCode).toBe(403);
    const signIn = await post('/v1/auth/sign-in', { email: user.email, password: 'new-password-1' });
    expect(signIn.statusCode).toBe(200);
    const again = await post('/v1/auth/reset-password', {
      email: user.email,
      code,
      password: 'another-password',
    });
    expect(again.statusCode).toBe(400);
  });

  it('spends a reset code after repeated wrong guesses', async () => {
    const user = await createUser(t);
    await post('/v1/auth/forgot-password', { email: user.email });
    const code = codeFrom((await t.sentMails()).at(-1)!.text)!;
    const wrong = code === '999999' ? '111111' : '999999';
    for (let i = 0; i < 5; i++)
      await post('/v1/auth/reset-password', { email: user.email, code: wrong, password: 'new-password-1' });
    const late = await post('/v1/auth/reset-password', {
      email: user.email,
      code,
      password: 'new-password-1',
    });
    expect(late.json().error_code).toBe('ExpiredCodeException');
  });

  it('lets a reset code expire after an hour', async () => {
    const user = await createUser(t);
    await post('/v1/auth/forgot-password', { email: user.email });
    const code = codeFrom((await t.sentMails()).at(-1)!.text)!;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61 * 60_000);
      const late = await post('/v1/auth/reset-password', {
        email: user.email,
        code,
        password: 'new-password-1',
      });
      expect(late.json().error_code).toBe('ExpiredCodeException');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = (await t.sentMails()).length;
    const response = await post('/v1/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(response.statusCode).toBe(200);
    expect((await t.sentMails()).length).toBe(before);
  });
});

describe('rate limits', () => {
  it('slows password guessing from one address down, more with each failure', async () => {
    const user = await createUser(t);
    const guess = (i: number) =>
      post('/v1/auth/sign-in', { email: user.email, password: `wrong-${i}` }, {}, '10.0.0.1');
    const free = [];
    for (let i = 0; i < 5; i++) free.push(await guess(i));
    expect(free.every((r) => r.statusCode === 400)).toBe(true);
    const slowed = await guess(5);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe('Too many failed attempts. Please wait 2 seconds and try again.');
    expect(slowed.headers['retry-after']).toBe('2');
    // Even the right password waits from that address: the wait is what slows guessing down.
    const right = await post(
      '/v1/auth/sign-in',
      { email: user.email, password: user.password },
      {},
      '10.0.0.1',
    );
    expect(right.statusCode).toBe(429);
    // Once the wait has passed, one more guess is heard, and the next wait is twice as long.
    await t.db.execute(sql`update rate_limits set window_start = window_start - interval '3 seconds'`);
    expect((await guess(6)).statusCode).toBe(400);
    expect((await guess(7)).headers['retry-after']).toBe('4');
  });

  it('never locks the owner out: another address signs in at once', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 12; i++)
      await post('/v1/auth/sign-in', { email: user.email, password: `wrong-${i}` }, {}, '10.0.0.66');
    const owner = await post(
      '/v1/auth/sign-in',
      { email: user.email, password: user.password },
      {},
      '10.0.0.67',
    );
    expect(owner.statusCode).toBe(200);
  });

  it('limits one address trying many accounts', async () => {
    const responses = [];
    for (let i = 0; i < 51; i++)
      responses.push(
        await post(
          '/v1/auth/sign-in',
          { email: `probe-${i}@example.com`, password: 'whatever-1' },
          {},
          '10.9.9.9',
        ),
      );
    expect(responses.at(-1)!.statusCode).toBe(429);
    const elsewhere = await post(
      '/v1/auth/sign-in',
      { email: 'probe-0@example.com', password: 'x' },
      {},
      '10.9.9.8',
    );
    expect(elsewhere.statusCode).toBe(400);
  });

  it('lets a confirmation code be re-sent once per 30 s', async () => {
    const email = `resend-${Date.now()}@example.com`;
    await post('/v1/auth/sign-up', { name: 'Resend', email, password: 'resend-password' });
    const first = await post('/v1/auth/resend-confirmation', { email });
    const second = await post('/v1/auth/resend-confirmation', { email });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toBe('Please Wait Before Resending the Verification Code');
  });
});

describe('secrets stay secret', () => {
  it('writes no password, code or token value to the log', async () => {
    const email = `quiet-${Date.now()}@example.com`;
    const password = 'a-very-secret-password';
    await post('/v1/auth/sign-up', { name: 'Quiet', email, password });
    const code = codeFrom((await t.sentMails()).at(-1)!.text)!;
    await post('/v1/auth/confirm-sign-up', { email, code });
    const session = (await post('/v1/auth/sign-in', { email, password })).json();
    await post('/v1/auth/refresh', { refresh_token: session.refresh_token });
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [password, code, session.access_token, session.refresh_token])
      expect(log).not.toContain(secret);
  });
});
