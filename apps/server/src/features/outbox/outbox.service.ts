import type { Db } from '../../db/database.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { type NewOutboxMessage, outboxRepository } from './outbox.repository.ts';

/** An e-mail for the outbox: the message and what it is (a label for logs, never its content). */
export interface OutboxMail extends MailMessage {
  kind: string;
}

const toRow = (mail: OutboxMail): NewOutboxMessage => ({
  kind: mail.kind,
  recipient: mail.to,
  subject: mail.subject,
  body: mail.text,
});

/**
 * Where every e-mail goes (decision 147): stored in outbox_messages, then delivered by the delivery
 * worker of any server process. `onStored` is told once the rows are committed, so this process's
 * worker starts on them at once; the others find them on their next poll.
 */
export function outboxService(deps: { db: Db; onStored: () => void }) {
  return {
    /** Stores the mails in a statement of their own. */
    async send(mails: OutboxMail | readonly OutboxMail[]) {
      await outboxRepository(deps.db).insert([mails].flat().map(toRow));
      deps.onStored();
    },

    /**
     * Runs `work` in one transaction with an `enqueue` that stores mails in it: they go out only if the
     * transaction commits, and their delivery starts right after.
     */
    async transaction<T>(
      work: (tx: Db, enqueue: (mails: OutboxMail | readonly OutboxMail[]) => Promise<void>) => Promise<T>,
    ): Promise<T> {
      let stored = false;
      const result = await deps.db.transaction((tx) =>
        work(tx, async (mails) => {
          await outboxRepository(tx).insert([mails].flat().map(toRow));
          stored = true;
        }),
      );
      if (stored) deps.onStored();
      return result;
    },
  };
}

export type Outbox = ReturnType<typeof outboxService>;
