import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { personalAccessTokens } from '../../db/tables/pats.schema.ts';
import { PAT_PACING } from '../../http/request-pacing.ts';
import { digest } from '../../shared/secrets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createPat(user: TestUser, payload: object = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/pats',
    headers: user.headers(),
    payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { token_guid: string; token_value: string; expires: string };
}

const listPats = (user: TestUser, userGuid?: string) =>
  t.app.inject({
    url: userGuid ? `/v1/pats?user_guid=${userGuid}` : '/v1/pats',
    headers: user.headers(),
  });

const rowOf = async (tokenGuid: string) => {
  const [row] = await t.db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.tokenGuid, tokenGuid));
  return row;
};

describe('creating and listing', () => {
  it('shows the value once, lives 365 days by default, and the list never holds the value or its hash', async () => {
    const user = await createUser(t);
    const before = Date.now();
    const created = await createPat(user, { comment: 'CI pipeline' });
    // 32 random bytes, base64url, with no constant lead: the first five characters tell tokens apart.
    expect(created.token_value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.token_value).not.toMatch(/^ec_/);
    const lifespan = Date.parse(created.expires) - before;
    expect(lifespan).toBeGreaterThanOrEqual(365 * DAY_MS - 1000);
    expect(lifespan).toBeLessThan(365 * DAY_MS + 60_000);

    const row = await rowOf(created.token_guid);
    expect(row?.tokenHash).not.toBe(created.token_value);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenPrefix).toBe(created.token_value.slice(0, 5));

    const list = await listPats(user);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      personal_access_tokens: [
        {
          token_guid: created.token_guid,
          token_prefix: created.token_value.slice(0, 5),
          last_used: null,
          issued: expect.any(String),
          expires: created.expires,
          comment: 'CI pipeline',
        },
      ],
    });
    expect(list.body).not.toContain(created.token_value);
    expect(list.body).not.toContain(row?.tokenHash);
  });

  it('takes a lifespan in days and lists newest first', async () => {
    const user = await createUser(t);
    const first = await createPat(user, { token_lifespan_days: 1, comment: '' });
    const second = await createPat(user, { token_lifespan_days: 30, comment: 'second' });
    const longest = await createPat(user, { token_lifespan_days: 365, comment: 'longest' });
    expect(Date.parse(first.expires) - Date.now()).toBeLessThanOrEqual(DAY_MS);
    expect(Date.parse(longest.expires) - Date.now()).toBeLessThanOrEqual(365 * DAY_MS);
    const tokens = (await listPats(user)).json().personal_access_tokens;
    expect(tokens.map((token: { token_guid: string }) => token.token_guid)).toEqual([
      longest.token_guid,
      second.token_guid,
      first.token_guid,
    ]);
  });

  it.each([
    [{ token_lifespan_days: 0, comment: '' }, 'Lifespan must be at least 1 day'],
    // Spec 1 §9: a token lives 365 days; none is issued for longer.
    [{ token_lifespan_days: 366, comment: '' }, 'Lifespan must be at most 365 days'],
    [{ token_lifespan_days: 10, comment: 'x'.repeat(201) }, 'Comment must be at most 200 characters'],
    [{ token_lifespan_days: 1.5 }, 'token_lifespan_days'],
  ])('refuses %j with a message', async (payload, message) => {
    const user = await createUser(t);
    const refused = await t.app.inject({ method: 'POST', url: '/v1/pats', headers: user.headers(), payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(message);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ url: '/v1/pats' })).statusCode).toBe(401);
    const create = await t.app.inject({ method: 'POST', url: '/v1/pats', payload: {} });
    expect(create.statusCode).toBe(401);
  });
});

describe('signing in with a token', () => {
  it("authenticates any call with its owner's rights and records its use", async () => {
    const user = await createUser(t);
    const { token_guid, token_value } = await createPat(user);

    const session = await t.app.inject({ url: '/v1/auth/session', headers: bearer(token_value) });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.user_guid).toBe(user.userGuid);

    const org = await t.app.inject({
      method: 'POST',
      url: '/v1/orgs',
      headers: bearer(token_value),
      payload: { org_name: 'Made by a script' },
    });
    expect(org.statusCode).toBe(201);
    const orgs = (await t.app.inject({ url: '/v1/orgs', headers: user.headers() })).json().orgs;
    expect(orgs.map((o: { org_guid: string }) => o.org_guid)).toContain(org.json().org_guid);

    const other = await createUser(t);
    const foreign = await t.app.inject({
      url: `/v1/pats?user_guid=${other.userGuid}`,
      headers: bearer(token_value),
    });
    expect(foreign.statusCode).toBe(403);

    const lastUsed = (await listPats(user)).json().personal_access_tokens[0].last_used;
    expect(lastUsed).not.toBeNull();
    expect((await rowOf(token_guid))?.lastUsed?.toISOString()).toBe(lastUsed);
  });

  it('writes last_used at most once a minute', async () => {
    const user = await createUser(t);
    const { token_guid, token_value } = await createPat(user);
    await t.app.inject({ url: '/v1/auth/session', headers: bearer(token_value) });
    const first = (await rowOf(token_guid))?.lastUsed;
    expect(first).toBeInstanceOf(Date);

    await t.app.inject({ url: '/v1/auth/session', headers: bearer(token_value) });
    expect((await rowOf(token_guid))?.lastUsed?.getTime()).toBe(first?.getTime());

    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    await t.db
      .update(personalAccessTokens)
      .set({ lastUsed: twoMinutesAgo })
      .where(eq(personalAccessTokens.tokenGuid, token_guid));
    await t.app.inject({ url: '/v1/auth/session', headers: bearer(token_value) });
    expect((await rowOf(token_guid))?.lastUsed?.getTime()).toBeGreaterThan(twoMinutesAgo.getTime());
  });

  it('refuses an expired token, a revoked one and an unknown one with 401', async () => {
    const user = await createUser(t);
    const expired = await createPat(user);
    await t.db
      .update(personalAccessTokens)
      .set({ expires: new Date(Date.now() - 1000) })
      .where(eq(personalAccessTokens.tokenGuid, expired.token_guid));
    const expiredCall = await t.app.inject({ url: '/v1/auth/session', headers: bearer(expired.token_value) });
    expect(expiredCall.statusCode).toBe(403);

    const revoked = await createPat(user);
    expect(
      (await t.app.inject({ url: '/v1/auth/session', headers: bearer(revoked.token_value) })).statusCode,
    ).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/v1/pats/${revoked.token_guid}`,
      headers: user.headers(),
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ ok: true });
    const revokedCall = await t.app.inject({ url: '/v1/auth/session', headers: bearer(revoked.token_value) });
    expect(revokedCall.statusCode).toBe(403);

    for (const value of ['ec_pat_not-a-real-one', 'not-a-real-one']) {
      const unknown = await t.app.inject({ url: '/v1/auth/session', headers: bearer(value) });
      expect(unknown.statusCode, value).toBe(403);
    }
  });

  it('is taken with the PAT scheme too, in any case, as the published API takes it', async () => {
    const user = await createUser(t);
    const { token_value } = await createPat(user);
    for (const scheme of ['PAT', 'pat', 'bearer', 'BEARER']) {
      const session = await t.app.inject({
        url: '/v1/auth/session',
        headers: { authorization: `${scheme} ${token_value}` },
      });
      expect(session.statusCode, scheme).toBe(200);
      expect(session.json().user.user_guid).toBe(user.userGuid);
    }
    const sessionByPat = await t.app.inject({
      url: '/v1/auth/session',
      headers: { authorization: `PAT ${user.token}` },
    });
    expect(sessionByPat.statusCode).toBe(200);
    const otherScheme = await t.app.inject({
      url: '/v1/auth/session',
      headers: { authorization: `Basic ${token_value}` },
    });
    expect(otherScheme.statusCode).toBe(403);
  });

  it('keeps tokens of the earlier ec_pat_ format working, shown by their first five characters', async () => {
    const user = await createUser(t);
    const value = 'ec_pat_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd';
    const [row] = await t.db
      .insert(personalAccessTokens)
      .values({
        userGuid: user.userGuid,
        tokenPrefix: value.slice(0, 12),
        tokenHash: digest(value),
        expires: new Date(Date.now() + DAY_MS),
      })
      .returning();
    const session = await t.app.inject({ url: '/v1/auth/session', headers: bearer(value) });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.user_guid).toBe(user.userGuid);
    const listed = (await listPats(user)).json().personal_access_tokens;
    expect(listed).toMatchObject([{ token_guid: row?.tokenGuid, token_prefix: 'ec_pa' }]);
  });

  it('signing out with a token ends no session and leaves the token working', async () => {
    const user = await createUser(t);
    const { token_value } = await createPat(user);
    await t.app.inject({ method: 'POST', url: '/v1/auth/sign-out', headers: bearer(token_value) });
    expect((await t.app.inject({ url: '/v1/auth/session', headers: user.headers() })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/auth/session', headers: bearer(token_value) })).statusCode).toBe(
      200,
    );
  });
});

describe('pacing', () => {
  const burst = (tokenValue: string, calls: number) =>
    Promise.all(
      Array.from({ length: calls }, () =>
        t.app.inject({ url: '/v1/auth/session', headers: { authorization: `PAT ${tokenValue}` } }),
      ),
    );

  it('holds a script that calls in a tight loop to the steady rate, and refuses what would wait too long', async () => {
    const user = await createUser(t);
    const { token_value } = await createPat(user);
    // More than the burst: the calls beyond it are held for their turn, none refused.
    const first = await burst(token_value, PAT_PACING.burst + 10);
    expect(first.map((response) => response.statusCode)).toEqual(first.map(() => 200));

    // Four bursts' worth at once: more than a full bucket and the longest hold take, however long the
    // first burst took to serve on a loaded machine (the bucket refills meanwhile).
    const second = await burst(token_value, PAT_PACING.burst * 4);
    const refused = second.filter((response) => response.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.json().message).toBe('Too many calls with this access token, slow down');
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // Another token of the same user, and the same user's session, are not held back by it.
    const other = await createPat(user);
    expect((await burst(other.token_value, 1))[0]?.statusCode).toBe(200);
    const bySession = await t.app.inject({ url: '/v1/auth/session', headers: user.headers() });
    expect(bySession.statusCode).toBe(200);
  });
});

describe("other users' tokens", () => {
  it('only user administrators list them', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const admin = await createUser(t, { groups: ['UserManagement'] });
    const created = await createPat(owner, { comment: 'owned' });

    const denied = await listPats(stranger, owner.userGuid);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error_code).toBe('FORBIDDEN');

    const allowed = await listPats(admin, owner.userGuid);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().personal_access_tokens).toMatchObject([
      { token_guid: created.token_guid, comment: 'owned' },
    ]);
    expect(allowed.body).not.toContain(created.token_value);

    expect((await listPats(owner, owner.userGuid)).statusCode).toBe(200);
    expect((await listPats(owner, 'not-a-guid')).statusCode).toBe(400);
  });

  it('nobody but the owner revokes one, and a stranger cannot tell it exists', async () => {
    const owner = await createUser(t);
    const admin = await createUser(t, { groups: ['UserManagement'] });
    const created = await createPat(owner);

    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/v1/pats/${created.token_guid}`,
      headers: admin.headers(),
    });
    expect(byAdmin.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/v1/pats/${crypto.randomUUID()}`,
      headers: admin.headers(),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(byAdmin.json().message);

    expect(
      (await t.app.inject({ url: '/v1/auth/session', headers: bearer(created.token_value) })).statusCode,
    ).toBe(200);
  });
});

describe('one token by its guid', () => {
  const getPat = (user: TestUser, tokenGuid: string) =>
    t.app.inject({ url: `/v1/pats/${tokenGuid}`, headers: user.headers() });

  it('answers the owner its fields at the top level, as the list shows them', async () => {
    const user = await createUser(t);
    const created = await createPat(user, { comment: 'CI', token_lifespan_days: 30 });
    const one = await getPat(user, created.token_guid);
    expect(one.statusCode).toBe(200);
    const [listed] = (await listPats(user)).json().personal_access_tokens;
    expect(one.json()).toEqual(listed);
    expect(one.json()).toMatchObject({
      token_guid: created.token_guid,
      token_prefix: created.token_value.slice(0, 5),
      expires: created.expires,
      comment: 'CI',
    });
    expect(one.body).not.toContain(created.token_value);
  });

  it("answers another user's token to user administrators only, and 404 with a message when unknown", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const admin = await createUser(t, { groups: ['UserManagement'] });
    const created = await createPat(owner);

    expect((await getPat(admin, created.token_guid)).json().token_guid).toBe(created.token_guid);
    const byStranger = await getPat(stranger, created.token_guid);
    const unknown = await getPat(owner, crypto.randomUUID());
    expect(byStranger.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such access token');
    expect(byStranger.json().message).toBe(unknown.json().message);
    expect((await getPat(owner, 'not-a-guid')).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/v1/pats/${created.token_guid}` })).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the token calls under the access tokens tag', async () => {
    const document = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    expect(document.paths['/v1/pats'].get.tags).toEqual(['access tokens']);
    expect(document.paths['/v1/pats'].post.tags).toEqual(['access tokens']);
    expect(document.paths['/v1/pats/{token_guid}'].get.tags).toEqual(['access tokens']);
    expect(document.paths['/v1/pats/{token_guid}'].delete.tags).toEqual(['access tokens']);
  });
});
