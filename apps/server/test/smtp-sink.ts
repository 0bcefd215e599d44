import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A local SMTP server that keeps what it receives in `inbox`, on a port that stays its own while it is
 * down (`down()` stops listening: connections are refused; `up()` listens again on the same port).
 */
export async function startSmtpSink() {
  const inbox: SunkMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  async function up() {
    if (server) return;
    const listening = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            for (const rcpt of session.envelope.rcptTo)
              inbox.push({
                to: rcpt.address.toLowerCase(),
                subject: mail.subject ?? '',
                text: mail.text ?? '',
              });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    port = (listening.server.address() as { port: number }).port;
    server = listening;
  }

  async function down() {
    const listening = server;
    server = undefined;
    if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
  }

  await up();
  return {
    inbox,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    up,
    down,
    mailsTo: (address: string) => inbox.filter((mail) => mail.to === address.toLowerCase()),
  };
}
