import { deviceTopics } from '@ec/contract/device-link';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRawDevice } from '../../../test/devices-on-the-broker.ts';
import { createHighCpuTemplate, createOrgWithOwner, eventually } from '../../../test/factories.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { openTestDatabase } from '../../../test/test-databases.ts';
import type { Database } from '../../db/database.ts';
import { outboxMessages } from '../../db/tables/outbox.schema.ts';
import { createLogger } from '../../logging/logger.ts';
import { createMailer, type Mailer } from '../../mail/mailer.ts';

// The outbox through the real app, the real mailer and a real SMTP server that goes down and comes
// back. The workers' clock is a fake one that the tests move on, and their poll is an hour, so only
// enqueues and the tests' kicks start deliveries.
let database: Database;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let clockMs = Date.now();
const now = () => new Date(clockMs);
const log = createLogger({ level: 'silent' });
const mailers: Mailer[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  for (const mailer of mailers) mailer.close();
  await sink.down();
  await database.close();
});

/** A server process on the shared database, sending to the sink; `sent` counts what it sent. */
async function serverProcess() {
  const smtp = createMailer({ smtpUrl: sink.url, from: 'console@console.test', log });
  mailers.push(smtp);
  let sent = 0;
  const mailer: Mailer = {
    async send(message) {
      await smtp.send(message);
      sent += 1;
    },
    close() {},
  };
  const t = await createTestApp({ database, mailer, outbox: { now, pollMs: 60 * 60_000 } });
  return Object.assign(t, { sentCount: () => sent });
}

const rowsTo = (...recipients: string[]) =>
  database.db.select().from(outboxMessages).where(inArray(outboxMessages.recipient, recipients));

describe('the outbox', () => {
  it('keeps an alert e-mail and a confirmation code through a mail server outage, and sends each once', async () => {
    await sink.down();
    const t = await serverProcess();
    try {
      const { owner, orgGuid, devices } = await createOrgWithOwner(t, { devices: 1 });
      const device = devices[0]!;
      await createHighCpuTemplate(t, owner, orgGuid, ['outage.ops@example.com']);
      const mqtt = await connectRawDevice(t, device, { online: true });
      await mqtt.publishAsync(
        deviceTopics(device.device_guid).metrics,
        JSON.stringify({ timestamp: new Date().toISOString(), metrics: { cpu_percent_used: 95 } }),
        { qos: 1 },
      );
      await mqtt.endAsync();
      // The sign-up succeeds although its e-mail cannot go yet: the e-mail is stored.
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/sign-up',
        payload: { name: 'Outage', email: 'outage.user@example.com', password: 'a long enough password' },
      });
      expect(signUp.statusCode, signUp.body).toBe(201);

      // Both tried once, failed, and wait for their next attempt.
      const failed = await eventually(async () => {
        await t.delivery.kick();
        const rows = await rowsTo('outage.ops@example.com', 'outage.user@example.com');
        return rows.length === 2 && rows.every((row) => row.attempts === 1 && row.lastError) && rows;
      }, 15_000);
      for (const row of failed) {
        expect(row.state).toBe('pending');
        expect(row.nextAttemptAt).toEqual(new Date(clockMs + 30_000));
        expect(row.lastError).not.toContain('@');
      }
      expect(sink.inbox).toHaveLength(0);

      // Back up: nothing goes before its time, then everything once.
      await sink.up();
      await t.delivery.kick();
      expect(sink.inbox).toHaveLength(0);
      clockMs += 30_000;
      await t.delivery.kick();
      const sentAt = now();
      clockMs += 10 * 60_000;
      await t.delivery.kick();
      expect(sink.mailsTo('outage.ops@example.com').map((mail) => mail.subject)).toEqual([
        expect.stringMatching(/^Alert: High CPU on /),
      ]);
      const confirmation = sink.mailsTo('outage.user@example.com');
      expect(confirmation).toHaveLength(1);
      expect(confirmation[0]!.text).toMatch(/confirmation code is \d{6}/);
      for (const row of await rowsTo('outage.ops@example.com', 'outage.user@example.com')) {
        expect(row).toMatchObject({ state: 'sent', attempts: 2, body: null, lastError: null });
        expect(row.sentAt).toEqual(sentAt);
      }
    } finally {
      await t.close();
    }
  });

  it('waits twice as long after each failure, and gives up two days after storing', async () => {
    await sink.down();
    const t = await serverProcess();
    try {
      await t.outbox.send({ kind: 'test', to: 'backoff@example.com', subject: 'Backoff', text: 'body' });
      await t.delivery.kick();
      clockMs += 30_000;
      await t.delivery.kick();
      const [second] = await rowsTo('backoff@example.com');
      expect(second).toMatchObject({ attempts: 2, nextAttemptAt: new Date(clockMs + 60_000) });
      clockMs += 59_000;
      await t.delivery.kick();
      expect((await rowsTo('backoff@example.com'))[0]!.attempts).toBe(2);
      clockMs += 1_000;
      await sink.up();
      await t.delivery.kick();
      expect((await rowsTo('backoff@example.com'))[0]).toMatchObject({ attempts: 3, state: 'sent' });
      expect(sink.mailsTo('backoff@example.com')).toHaveLength(1);

      // A message whose server stays away past two days is given up, and its body dropped.
      await sink.down();
      await t.outbox.send({ kind: 'test', to: 'given.up@example.com', subject: 'Late', text: 'code 123456' });
      await t.delivery.kick();
      const saved = clockMs;
      clockMs += 2 * 24 * 60 * 60_000;
      await t.delivery.kick();
      clockMs = saved + 3 * 24 * 60 * 60_000;
      await t.delivery.kick();
      expect((await rowsTo('given.up@example.com'))[0]).toMatchObject({ state: 'failed', body: null });
      await sink.up();
      clockMs += 24 * 60 * 60_000;
      await t.delivery.kick();
      expect(sink.mailsTo('given.up@example.com')).toHaveLength(0);
      clockMs = saved + 60_000;
    } finally {
      await t.close();
    }
  });

  it('shares the work between two server processes without sending anything twice', async () => {
    await sink.up();
    const first = await serverProcess();
    const second = await serverProcess();
    try {
      const addresses = Array.from({ length: 60 }, (_, i) => `shared.${i}@example.com`);
      // Stored by the first in one transaction; both workers go at them together.
      await first.outbox.transaction(async (_tx, enqueue) => {
        await enqueue(addresses.map((to) => ({ kind: 'test', to, subject: 'Shared', text: to })));
      });
      await Promise.all([first.delivery.kick(), second.delivery.kick(), second.delivery.kick()]);
      await Promise.all([first.delivery.kick(), second.delivery.kick()]);
      for (const address of addresses) expect(sink.mailsTo(address), address).toHaveLength(1);
      expect(first.sentCount() + second.sentCount()).toBe(60);
      // Both claimed batches side by side (20 rows a claim).
      expect(first.sentCount()).toBeGreaterThan(0);
      expect(second.sentCount()).toBeGreaterThan(0);
      const rows = await rowsTo(...addresses);
      expect(rows.every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('keeps what it could not send across a restart: the next process sends it', async () => {
    await sink.down();
    const before = await serverProcess();
    const signUp = await before.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-up',
      payload: { name: 'Restart', email: 'restart.user@example.com', password: 'a long enough password' },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    await before.delivery.kick();
    await before.close();
    expect((await rowsTo('restart.user@example.com'))[0]).toMatchObject({ state: 'pending', attempts: 1 });

    await sink.up();
    clockMs += 60_000;
    const after = await serverProcess();
    try {
      await after.delivery.kick();
      expect(sink.mailsTo('restart.user@example.com')).toHaveLength(1);
      const [row] = await database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'restart.user@example.com'));
      expect(row).toMatchObject({ state: 'sent', body: null });
    } finally {
      await after.close();
    }
  });
});
