import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeFrom = (text: string) => /code is (\d{6})/.exec(text)?.[1];
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a picture'),
]);

describe('profile', () => {
  it('updates name, phone, locale and timezone, stripping spaces and hyphens from the phone', async () => {
    const user = await createUser(t);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v1/account',
      headers: user.headers(),
      payload: {
        name: 'Ada Lovelace',
        phone_number: '+1 415-555 0100',
        locale: 'fr-CA',
        zoneinfo: 'America/Toronto',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Ada Lovelace',
      phone_number: '+14155550100',
      locale: 'fr-CA',
      zoneinfo: 'America/Toronto',
    });
  });

  it('accepts only US and CA phone numbers and a non-empty name', async () => {
    const user = await createUser(t);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v1/account',
      headers: user.headers(),
      payload: { name: ' ', phone_number: '+44 20 7946 0958' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Name is required.');
    expect(response.json().message).toContain('US or CA');
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: '/v1/account', payload: { name: 'x' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('e-mail change', () => {
  it('sends a code to the new address and switches only once it is verified', async () => {
    const user = await createUser(t);
    const newEmail = `moved-${Date.now()}@example.com`;
    const change = await t.app.inject({
      method: 'POST',
      url: '/v1/account/email',
      headers: user.headers(),
      payload: { email: newEmail.toUpperCase() },
    });
    expect(change.json()).toMatchObject({ email: user.email, pending_email: newEmail });
    expect((await t.sentMails()).at(-1)!.to).toBe(newEmail);
    const code = codeFrom((await t.sentMails()).at(-1)!.text)!;

    const resend = await t.app.inject({
      method: 'POST',
      url: '/v1/account/email/resend',
      headers: user.headers(),
    });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().message).toBe('Please Wait Before Resending the Verification Code');

    const verify = await t.app.inject({
      method: 'POST',
      url: '/v1/account/email/verify',
      headers: user.headers(),
      payload: { code },
    });
    expect(verify.json()).toMatchObject({ email: newEmail, pending_email: null, email_verified: true });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: newEmail, password: user.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses an address another account uses', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const change = await t.app.inject({
      method: 'POST',
      url: '/v1/account/email',
      headers: user.headers(),
      payload: { email: other.email },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error_code).toBe('UsernameExistsException');
  });
});

describe('password change', () => {
  it('needs the current password and ends the other sessions', async () => {
    const user = await createUser(t);
    const otherSession = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/auth/sign-in',
        payload: { email: user.email, password: user.password },
      })
    ).json().access_token;

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/account/password',
      headers: user.headers(),
      payload: { current_password: 'not-it-at-all', new_password: 'brand-new-password' },
    });
    expect(wrong.statusCode).toBe(400);
    const tooShort = await t.app.inject({
      method: 'POST',
      url: '/v1/account/password',
      headers: user.headers(),
      payload: { current_password: user.password, new_password: 'short' },
    });
    expect(tooShort.json().message).toContain('Password needs to be longer');

    const changed = await t.app.inject({
      method: 'POST',
      url: '/v1/account/password',
      headers: user.headers(),
      payload: { current_password: user.password, new_password: 'brand-new-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/auth/session', headers: user.headers() })).statusCode).toBe(200);
    const other = await t.app.inject({
      url: '/v1/auth/session',
      headers: { authorization: `Bearer ${otherSession}` },
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('profile picture', () => {
  it('stores a PNG and serves it to its owner and user administrators only', async () => {
    const user = await createUser(t);
    const stranger = await createUser(t);
    const admin = await createUser(t, { groups: ['UserManagement'] });
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/v1/account/picture',
      headers: { ...user.headers(), 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(upload.statusCode).toBe(200);
    const picture = upload.json().picture;
    expect(picture).toMatch(new RegExp(`^/v1/users/${user.userGuid}/picture`));

    const own = await t.app.inject({ url: picture, headers: user.headers() });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ url: picture, headers: admin.headers() })).statusCode).toBe(200);
    expect((await t.app.inject({ url: picture, headers: stranger.headers() })).statusCode).toBe(403);
  });

  it('refuses what is not an image and what is too large', async () => {
    const user = await createUser(t);
    const text = await t.app.inject({
      method: 'PUT',
      url: '/v1/account/picture',
      headers: { ...user.headers(), 'content-type': 'image/png' },
      payload: Buffer.from('not a picture'),
    });
    expect(text.statusCode).toBe(400);
    const large = await t.app.inject({
      method: 'PUT',
      url: '/v1/account/picture',
      headers: { ...user.headers(), 'content-type': 'image/png' },
      payload: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]),
    });
    expect(large.statusCode).toBe(413);
  });
});

describe('account deletion', () => {
  it('needs a reason, then deletes the account and its sessions', async () => {
    const user = await createUser(t);
    const noReason = await t.app.inject({
      method: 'DELETE',
      url: '/v1/account',
      headers: user.headers(),
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Reason is required');

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/v1/account',
      headers: user.headers(),
      payload: { reason: 'Leaving the company' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/auth/session', headers: user.headers() })).statusCode).toBe(403);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(400);
  });
});
