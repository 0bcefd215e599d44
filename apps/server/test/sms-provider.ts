import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the provider received, as a Twilio-compatible API sees it. */
export interface CapturedSms {
  path: string;
  /** The Authorization header, `Basic ...` when the URL carried credentials. */
  authorization: string | undefined;
  contentType: string | undefined;
  to: string;
  from: string;
  body: string;
}

/**
 * A captured SMS provider: a local HTTP server that takes Twilio's Messages API calls (form-encoded
 * To, From and Body), records them and answers 201 like Twilio. `failWith` makes it answer an error
 * status with a Twilio error body instead, `hang` makes it never answer. `GET /messages` lists what
 * it received, for tests in other processes (the browser tests).
 */
export async function startSmsProvider() {
  const messages: CapturedSms[] = [];
  let failure: number | null = null;
  let hanging = false;
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/messages') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(messages));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (hanging) return;
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const message = {
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
      };
      if (failure !== null) {
        response.writeHead(failure, { 'content-type': 'application/json' });
        // Twilio's error body quotes the number: the sender must not pass it on.
        response.end(
          JSON.stringify({
            code: 21211,
            message: `The 'To' number ${message.to} is not valid.`,
            status: failure,
          }),
        );
        return;
      }
      messages.push(message);
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sid: `SM${messages.length}`, status: 'queued', to: message.to }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    messages,
    /** The endpoint as SMS_URL gives it: Twilio's path, with `user:password` as its credentials. */
    url: (credentials = 'AC123:auth-token') =>
      `http://${credentials}@${origin.slice('http://'.length)}/2010-04-01/Accounts/AC123/Messages.json`,
    failWith(status: number | null) {
      failure = status;
    },
    hang(on: boolean) {
      hanging = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
