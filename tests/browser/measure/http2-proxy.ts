import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Headers HTTP/2 forbids (RFC 9113 §8.2.2), dropped from the console's answers. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/**
 * The console behind HTTP/2 with TLS, as production serves it behind Caddy (deploy/): a browser then
 * multiplexes every script and API call on one connection instead of queueing them on six HTTP/1.1
 * connections. A self-signed certificate made with openssl for 127.0.0.1 (the browser context must
 * ignore certificate errors). Requests only; the live channel's WebSocket is not carried, so pages
 * measured through it have no live updates.
 */
export async function startHttp2Proxy(target: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ec-h2-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const server = http2.createSecureServer({ key: readFileSync(key), cert: readFileSync(cert) });
  server.on('stream', (stream: http2.ServerHttp2Stream, headers) => {
    const forwarded: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers))
      if (!name.startsWith(':') && value !== undefined) forwarded[name] = value;
    forwarded.host = upstream.host;
    const request = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: headers[':method'],
        path: headers[':path'],
        headers: forwarded,
        agent,
      },
      (response) => {
        const answer: http2.OutgoingHttpHeaders = { ':status': response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers))
          if (!HOP_BY_HOP.has(name) && value !== undefined) answer[name] = value;
        if (stream.destroyed) return response.resume();
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    request.on('error', () => stream.destroyed || stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR));
    // The browser resets its streams when it closes (the end of a run): the request upstream ends with them.
    stream.on('error', () => request.destroy());
    stream.pipe(request);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
