import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A local SMTP server the console sends to during browser tests. Each message lands as a JSON file in
 * `dir`, so tests in any worker read the inbox from disk.
 */
export async function startMailCapture(dir: string): Promise<{ port: number; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
          const file = path.join(dir, `${Date.now()}-${String(++count).padStart(5, '0')}.json`);
          writeFileSync(file, JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '' }));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export function readInbox(dir: string, to: string): CapturedMail[] {
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CapturedMail)
    .filter((mail) => mail.to.split(',').includes(to.toLowerCase()));
}

/** Waits for the next e-mail to `to` and returns the first link in it that matches `pattern`. */
/** Waits for an e-mail to `to` in which `find` finds something, and answers what it found. */
async function waitForMail(
  to: string,
  find: (mail: CapturedMail) => string | undefined,
  what: string,
  timeoutMs = 15_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of readInbox(process.env.EC_MAIL_DIR!, to).reverse()) {
      const found = find(mail);
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${to} with ${what}`);
}

export const waitForMailLink = (to: string, pattern: RegExp) =>
  waitForMail(
    to,
    (mail) => mail.text.match(/https?:\/\/\S+/g)?.find((url) => pattern.test(url)),
    `a link matching ${pattern}`,
  );

/** The first group of `pattern` in the newest e-mail to `to` that matches it (a code, say). */
export const waitForMailMatch = (to: string, pattern: RegExp) =>
  waitForMail(to, (mail) => pattern.exec(mail.text)?.[1], `text matching ${pattern}`);
