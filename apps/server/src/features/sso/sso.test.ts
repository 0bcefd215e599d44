import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { signInAtIssuer, startOidcIssuer } from '../../../test/oidc-issuer.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let issuer: Awaited<ReturnType<typeof startOidcIssuer>>;
const client = {
  clientId: 'edgecaster-console',
  clientSecret: 'issuer-client-secret',
  redirectUri: 'http://console.test/auth/oauth_complete',
};

beforeAll(async () => {
  issuer = await startOidcIssuer(client);
  t = await createTestApp({
    env: {
      OIDC_PROVIDERS: JSON.stringify([
        {
          name: 'acme',
          label: 'Acme Identity',
          issuer: issuer.issuer,
          client_id: client.clientId,
          client_secret: client.clientSecret,
          domains: ['acme.example'],
        },
      ]),
    },
  });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

async function signInWithSso(email: string) {
  const start = await t.app.inject({
    url: `/v1/auth/sso/acme/authorize?email=${encodeURIComponent(email)}`,
  });
  expect(start.statusCode).toBe(200);
  const returned = await signInAtIssuer(start.json().authorization_url, email);
  expect(returned.href.startsWith(client.redirectUri)).toBe(true);
  return Object.fromEntries(returned.searchParams) as { code: string; state: string; iss?: string };
}

/** Completes a single sign-on with what the provider sent the browser back with. */
const complete = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/auth/sso/complete', payload });
/** The session of an access token, as the console reads it after signing in. */
const sessionOf = (accessToken: string) =>
  t.app.inject({ url: '/v1/auth/session', headers: { authorization: `Bearer ${accessToken}` } });

describe('single sign-on with OpenID Connect', () => {
  it('names the provider in auth-info for its domains only', async () => {
    const acme = await t.app.inject({ url: '/v1/auth-info?email=Jane@Acme.example' });
    expect(acme.json()).toMatchObject({
      identity_provider: 'acme',
      sso_providers: [{ provider_name: 'acme', label: 'Acme Identity' }],
    });
    const other = await t.app.inject({ url: '/v1/auth-info?email=jane@elsewhere.example' });
    expect(other.json().identity_provider).toBe('builtin');
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const start = await t.app.inject({ url: '/v1/auth/sso/acme/authorize' });
    const url = new URL(start.json().authorization_url);
    expect(url.origin).toBe(issuer.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(client.redirectUri);
    for (const name of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(name)).toBeTruthy();
  });

  it('creates an EXTERNAL_PROVIDER user at the first sign-in and signs the same user in again', async () => {
    const first = await complete(await signInWithSso('jane@acme.example'));
    expect(first.statusCode).toBe(200);
    const session = await sessionOf(first.json().access_token);
    const user = session.json().user;
    expect(user).toMatchObject({ email: 'jane@acme.example', status: 'EXTERNAL_PROVIDER', name: 'SSO jane' });

    const second = await complete(await signInWithSso('jane@acme.example'));
    const again = await sessionOf(second.json().access_token);
    expect(again.json().user.user_guid).toBe(user.user_guid);

    // Name, e-mail, password and MFA belong to the provider.
    const headers = { authorization: `Bearer ${second.json().access_token}` };
    const rename = await t.app.inject({
      method: 'PATCH',
      url: '/v1/account',
      headers,
      payload: { name: 'Other' },
    });
    expect(rename.statusCode).toBe(400);
    const email = await t.app.inject({
      method: 'POST',
      url: '/v1/account/email',
      headers,
      payload: { email: 'x@acme.example' },
    });
    expect(email.statusCode).toBe(400);
    const mfa = await t.app.inject({ method: 'DELETE', url: '/v1/account/mfa', headers });
    expect(mfa.statusCode).toBe(400);
  });

  it('uses a state only once and refuses a made-up one', async () => {
    const answer = await signInWithSso('sam@acme.example');
    const first = await complete(answer);
    expect(first.statusCode).toBe(200);
    const replay = await complete(answer);
    expect(replay.statusCode).toBe(400);
    const forged = await complete({ code: answer.code, state: 'made-up' });
    expect(forged.statusCode).toBe(400);
  });

  it('needs both code and state', async () => {
    const response = await complete({ code: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('state');
  });

  it('refuses an identity outside the provider domains', async () => {
    const answer = await signInWithSso('mallory@evil.example');
    const response = await complete(answer);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('does not belong to Acme Identity');
  });

  it('refuses password sign-up for a single sign-on domain', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-up',
      payload: { name: 'Jo', email: 'jo@acme.example', password: 'password-123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Accounts of this domain sign in with Acme Identity.');
  });

  it('turns an existing password account of the domain into a single sign-on account', async () => {
    const existing = await createUser(t, { email: 'old@acme.example' });
    const response = await complete(await signInWithSso('old@acme.example'));
    const session = await sessionOf(response.json().access_token);
    expect(session.json().user).toMatchObject({ user_guid: existing.userGuid, status: 'EXTERNAL_PROVIDER' });
    const password = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: existing.email, password: existing.password },
    });
    expect(password.statusCode).toBe(400);
  });
});
