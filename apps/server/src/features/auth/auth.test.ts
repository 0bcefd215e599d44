import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmAndSignIn, createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeFrom = (text: string) => /code is (\d{6})/.exec(text)?.[1];

describe('sign-up, confirmation and sign-in', () => {
  const email = 'New.Person@Example.com';
  const password = 'correct horse battery';

  it('creates an unconfirmed account and mails a 6-digit code with a confirmation link', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-up',
      payload: { name: 'New Person', email, password, locale: 'en-US', timezone: 'America/New_York' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user_confirmed).toBe(false);
    const mail = (await t.sentMails()).at(-1)!;
    expect(mail.to).toBe('new.person@example.com');
    expect(codeFrom(mail.text)).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('http://console.test/auth/confirm?email=new.person%40example.com&code=');
  });

  it('answers auth-info for the lowercased e-mail', async () => {
    const response = await t.app.inject({ url: `/v1/auth-info?email=${encodeURIComponent(email)}` });
    expect(response.json()).toMatchObject({
      user_exists: true,
      identity_provider: 'builtin',
      sso_providers: [],
    });
  });

  it('refuses to sign in before confirmation', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email, password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('UserNotConfirmedException');
  });

  it('rejects a wrong code, then confirms with the right one and signs in', async () => {
    const code = codeFrom((await t.sentMails()).at(-1)!.text)!;
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/confirm-sign-up',
      payload: { email, code: wrong },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_code).toBe('CodeMismatchException');

    const { access_token, expires_at } = await confirmAndSignIn(t, email, code, password);
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now() + 60_000);

    const session = await t.app.inject({
      url: '/v1/auth/session',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(session.json().user).toMatchObject({
      email: 'new.person@example.com',
      name: 'New Person',
      status: 'CONFIRMED',
    });

    const signOut = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-out',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(signOut.statusCode).toBe(200);
    const after = await t.app.inject({
      url: '/v1/auth/session',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(after.statusCode).toBe(403);
    expect(after.json().error_code).toBe('ACCESS_DENIED');
  });

  it('refuses a second account with the same e-mail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-up',
      payload: { name: 'Again', email: 'new.person@example.com', password, locale: 'en-US', timezone: 'UTC' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('UsernameExistsException');
  });

  it('refuses a wrong password without telling whether the account exists', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email, password: 'not the password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: 'nobody@example.com', password },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('validates sign-up input with the spec messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-up',
      payload: { name: '', email: 'not-an-email', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    const { message, error_code } = response.json();
    expect(error_code).toBe('VALIDATION_ERROR');
    expect(message).toContain('Name is required.');
    expect(message).toContain('Must be valid e-mail');
    expect(message).toContain('Password needs to be longer');
  });

  it('never returns a password hash or code in an answer', async () => {
    const response = await t.app.inject({ url: `/v1/auth-info?email=${encodeURIComponent(email)}` });
    expect(response.body).not.toMatch(/argon2|password_hash|code_hash/);
  });
});

describe('POST /auth-verify', () => {
  it('confirms a signed-in caller, refuses an anonymous one and an empty identity', async () => {
    const user = await createUser(t);
    const verify = (payload: object, headers = user.headers()) =>
      t.app.inject({ method: 'POST', url: '/v1/auth-verify', headers, payload });

    const verified = await verify({ identityId: 'us-east-1:1234' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ verified: true, identity_id: 'us-east-1:1234' });
    expect((await verify({ identityId: 'us-east-1:1234' }, {})).statusCode).toBe(401);
    const empty = await verify({ identityId: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBeTruthy();
  });
});
