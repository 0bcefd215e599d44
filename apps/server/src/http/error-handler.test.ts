import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { registerErrorHandler } from './error-handler.ts';

const lines: { level: number; msg: string }[] = [];
const destination = new Writable({
  write(chunk, _encoding, done) {
    lines.push(JSON.parse(String(chunk)));
    done();
  },
});
const logger: FastifyBaseLogger = createLogger({ level: 'info', destination });
const app = Fastify({ loggerInstance: logger });
let base: string;

const prematureClose = () =>
  Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

beforeAll(async () => {
  registerErrorHandler(app, { spaIndex: false });
  // Fails once the client has gone, as a compressed answer's stream does when the page is closed.
  app.get('/left', async (request) => {
    await new Promise((resolve) => request.raw.once('close', resolve));
    throw prematureClose();
  });
  app.get('/broken', async () => {
    throw prematureClose();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

describe('the error handler', () => {
  it('notes a client that left before its answer, without an error in the log', async () => {
    const request = http.get(`${base}/left`);
    request.on('error', () => {});
    setTimeout(() => request.destroy(), 50);
    await expect
      .poll(() => lines.map((line) => line.msg))
      .toContain('the client closed the connection before its answer was sent');
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('logs the same failure as an error while the client still waits, and answers 500', async () => {
    const response = await fetch(`${base}/broken`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal server error', error_code: 'INTERNAL' });
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual(['unhandled error']);
  });
});
