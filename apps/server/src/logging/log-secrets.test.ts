import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmAndSignIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../db/tables/auth.schema.ts';
import { outboxMessages } from '../db/tables/outbox.schema.ts';
import { personalAccessTokens } from '../db/tables/pats.schema.ts';

/**
 * Everything a person types or is handed as a secret, followed through sign-up, confirmation, sign-in,
 * a token and a failing database write: none of it may appear in any log line.
 */
const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ logLines });
});
afterAll(() => t.close());

const codeFrom = (text: string) => text.match(/\b(\d{6})\b/)?.[1];

describe('the log', () => {
  it('holds no password, hash, code, token or e-mail address', async () => {
    const email = 'secret.keeper@example.com';
    const password = 'correct horse battery staple';
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-up',
      payload: { name: 'Secret Keeper', email, password },
    });
    expect(signUp.statusCode).toBe(201);
    const code = codeFrom((await t.sentMails()).at(-1)!.text)!;
    // The confirmation link as a browser opens it: the access log sees its query string.
    await t.app.inject({ url: `/auth/confirm?email=${encodeURIComponent(email)}&code=${code}` });
    const { access_token, refresh_token } = await confirmAndSignIn(t, email, code, password);
    const headers = { authorization: `Bearer ${access_token}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/pats',
      headers,
      payload: { comment: 'ok' },
    });
    const { token_value } = created.json();

    // A write the database refuses after the server computed a token's prefix and digest.
    await t.db.execute(
      sql`ALTER TABLE personal_access_tokens ADD CONSTRAINT log_test_refuses CHECK (comment <> 'boom')`,
    );
    try {
      const failed = await t.app.inject({
        method: 'POST',
        url: '/v1/pats',
        headers,
        payload: { comment: 'boom' },
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`ALTER TABLE personal_access_tokens DROP CONSTRAINT log_test_refuses`);
    }

    const [user] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
    const tokens = await t.db
      .select({ hash: personalAccessTokens.tokenHash, prefix: personalAccessTokens.tokenPrefix })
      .from(personalAccessTokens);
    const secrets = [
      password,
      user!.hash!,
      code,
      access_token,
      refresh_token,
      token_value,
      ...tokens.flatMap((row) => [row.hash, row.prefix]),
      email,
      encodeURIComponent(email),
    ];
    const log = logLines.join('\n');
    expect(log).toContain('Failed query');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('holds no address or code of an e-mail the mail server refused', async () => {
    const lines: string[] = [];
    const refused = await createTestApp({
      logLines: lines,
      // A refusal whose text quotes the address and the message, as SMTP servers' replies may.
      mailer: {
        async send(message) {
          throw Object.assign(new Error(`550 <${message.to}> rejected: ${message.text}`), {
            code: 'EENVELOPE',
            responseCode: 550,
            command: `RCPT TO:<${message.to}>`,
          });
        },
        close() {},
      },
    });
    try {
      const email = 'refused.person@example.com';
      const signUp = await refused.app.inject({
        method: 'POST',
        url: '/v1/auth/sign-up',
        payload: { name: 'Refused', email, password: 'correct horse battery staple' },
      });
      expect(signUp.statusCode).toBe(201);
      await refused.delivery.kick();
      const [row] = await refused.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
      const code = codeFrom(row!.body!)!;
      expect(row!.lastError).toBe('EENVELOPE 550 RCPT');
      const log = lines.join('\n');
      expect(log).toContain('an e-mail could not be sent');
      for (const secret of [email, code]) expect(log).not.toContain(secret);
    } finally {
      await refused.close();
    }
  });
});
