import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { OutboxRow } from '../../db/tables/outbox.schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { serialRunner } from '../../shared/serial-runner.ts';
import { outboxRepository } from './outbox.repository.ts';
import { describeSendError, nextAttemptAt, OUTBOX_RETRY } from './outbox-retry.ts';

/** How many rows a claim takes at a time; the worker claims again while it gets full batches. */
const BATCH = 20;
/** The poll for retries that came due and for rows of a process that died mid-send. */
const POLL_MS = 10_000;

export type OutboxDelivery = ReturnType<typeof startOutboxDelivery>;

/**
 * The outbox's delivery worker, one in every server process (decision 147). It claims due rows
 * (`for update skip locked`, so processes share the work and never claim a row twice), sends each,
 * and marks it sent (clearing its body) or schedules the next attempt with exponential backoff, until
 * it is given up. `kick()` starts a round at once (after an enqueue commits); a poll starts one every
 * 10 s for retries and for rows other processes stored. Rounds never overlap: a kick during one makes
 * it go round again.
 */
/** What a test may set of the worker: its clock, its poll and its retry policy. */
export interface OutboxDeliveryOptions {
  /** The clock retries and leases are reckoned by (tests move it on instead of waiting). */
  now?: () => Date;
  pollMs?: number;
  policy?: typeof OUTBOX_RETRY;
}

export function startOutboxDelivery(
  deps: OutboxDeliveryOptions & { db: Db; mailer: Mailer; log: FastifyBaseLogger },
) {
  const repository = outboxRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  const policy = deps.policy ?? OUTBOX_RETRY;
  let stopped = false;

  async function deliver(row: OutboxRow) {
    const context = { messageGuid: row.messageGuid, kind: row.kind, attempt: row.attempts };
    // Stored longer ago than the retries last (all processes were down): too late to be of use.
    if (now().getTime() - row.createdAt.getTime() > policy.giveUpAfterMs) {
      await repository.markFailed(row, 'EXPIRED', null);
      deps.log.warn(context, 'an e-mail was not sent in time; given up');
      return;
    }
    try {
      await deps.mailer.send({ to: row.recipient, subject: row.subject, text: row.body ?? '' });
    } catch (error) {
      const reason = describeSendError(error);
      const retryAt = nextAttemptAt(row, now(), policy);
      await repository.markFailed(row, reason, retryAt);
      deps.log.warn(
        { ...context, reason, retryAt },
        retryAt
          ? 'an e-mail could not be sent; it will be tried again'
          : 'an e-mail could not be sent; given up',
      );
      return;
    }
    await repository.markSent(row, now());
  }

  async function round() {
    const at = now();
    const claimed = await repository.claimDue(at, new Date(at.getTime() + policy.leaseMs), BATCH);
    // Each row on its own: one that cannot be finished (the database away) leaves the others be; it is
    // due again after its lease.
    for (const result of await Promise.allSettled(claimed.map(deliver)))
      if (result.status === 'rejected')
        deps.log.error({ err: result.reason }, "outbox: an e-mail's outcome could not be stored");
    return claimed.length;
  }

  /** Rounds one after another while they claim full batches; never two at once. */
  const rounds = serialRunner(
    async () => {
      while (!stopped && (await round()) === BATCH) {}
    },
    (error) => deps.log.error({ err: error }, 'outbox: a delivery round failed'),
  );

  /** Starts a round now, or another after the one under way; resolves when the worker is idle. */
  const kick = (): Promise<void> => (stopped ? Promise.resolve() : rounds.kick());

  const timer = setInterval(() => void kick(), deps.pollMs ?? POLL_MS);
  timer.unref();

  return {
    kick,
    /** Stops polling and waits for the round under way. */
    async stop() {
      clearInterval(timer);
      stopped = true;
      await rounds.idle();
    },
  };
}
