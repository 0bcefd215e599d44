import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sessions } from '../db/tables/auth.schema.ts';
import { outboxMessages } from '../db/tables/outbox.schema.ts';
import { rateLimits } from '../db/tables/rate-limits.schema.ts';
import { oidcLogins } from '../db/tables/sso.schema.ts';
import { sweepExpired } from './housekeeping.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('housekeeping', () => {
  it('deletes ended sessions, expired sign-on round trips and old rate-limit windows, and keeps live ones', async () => {
    const live = await createUser(t);
    const ended = await createUser(t);
    const past = new Date(Date.now() - 60_000);
    await t.db.update(sessions).set({ refreshExpiresAt: past }).where(eq(sessions.userGuid, ended.userGuid));
    await t.db
      .insert(oidcLogins)
      .values({ stateHash: 'old', provider: 'p', codeVerifier: 'v', nonce: 'n', expiresAt: past });
    await t.db.insert(rateLimits).values([
      { bucket: 'old', windowStart: new Date(Date.now() - 3 * 60 * 60_000), hits: 3 },
      { bucket: 'current', windowStart: new Date(), hits: 1 },
    ]);
    const old = new Date(Date.now() - 31 * 24 * 60 * 60_000);
    const mail = { kind: 'test', subject: 's' };
    await t.db.insert(outboxMessages).values([
      { ...mail, recipient: 'old-sent@example.com', state: 'sent', createdAt: old },
      { ...mail, recipient: 'old-pending@example.com', body: 'b', createdAt: old },
      { ...mail, recipient: 'new-sent@example.com', state: 'sent' },
    ]);

    await sweepExpired(t.db, { metrics: { rawDays: 14, hourlyDays: 400 } });

    const remaining = await t.db.select({ userGuid: sessions.userGuid }).from(sessions);
    expect(remaining.map((row) => row.userGuid)).toContain(live.userGuid);
    expect(remaining.map((row) => row.userGuid)).not.toContain(ended.userGuid);
    expect(await t.db.select().from(oidcLogins)).toHaveLength(0);
    const buckets = (await t.db.select().from(rateLimits)).map((row) => row.bucket);
    expect(buckets).toContain('current');
    expect(buckets).not.toContain('old');
    const outbox = (await t.db.select().from(outboxMessages)).map((row) => row.recipient).sort();
    expect(outbox).toEqual(['new-sent@example.com', 'old-pending@example.com']);
  });
});
