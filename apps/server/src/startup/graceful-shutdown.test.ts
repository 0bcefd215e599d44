import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { cleanupsAfter } from '../../test/cleanups.ts';
import { freePort, SERVER_START_LIMIT_MS, startServerProcess } from '../../test/server-process.ts';
import { createLogger } from '../logging/logger.ts';
import { gracefulShutdown, REQUEST_GRACE_MS, SHUTDOWN_DEADLINE_MS } from './graceful-shutdown.ts';

const cleanups = cleanupsAfter();

describe('stopping a server', () => {
  it('exits within the deadline, naming the step that would not finish', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const lines: string[] = [];
      const log = createLogger({
        level: 'info',
        destination: { write: (line: string) => void lines.push(line) },
      });
      const exits: number[] = [];
      const closed: string[] = [];
      const stop = gracefulShutdown({
        log,
        server: createServer(),
        steps: [
          ['jobs', () => closed.push('jobs')],
          ['server', () => new Promise(() => {})],
          ['database', () => closed.push('database')],
        ],
        exit: (code) => exits.push(code),
      });
      void stop('SIGTERM');
      await vi.advanceTimersByTimeAsync(SHUTDOWN_DEADLINE_MS - 1);
      expect(exits).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(exits).toEqual([1]);
      expect(closed).toEqual(['jobs']);
      expect(lines.join('')).toContain('"step":"server"');
      // A second signal does not wait at all.
      void stop('SIGINT');
      expect(exits).toEqual([1, 1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it(
    'stops a real server within 10 s while a client holds a request half sent',
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ec-shutdown-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const { child } = await startServerProcess(
        {
          PORT: String(port),
          MQTT_PORT: String(await freePort()),
          DATABASE_URL: '',
          MQTT_URL: '',
          DATA_DIR: dataDir,
          WEB_DIST: '/nonexistent',
          DEMO: '0',
          LOG_LEVEL: 'warn',
        },
        cleanups,
      );
      // The request's body never comes: without a limit, closing waits for it (Node's request timeout is
      // five minutes). The server's '100 Continue' says it holds the request, so the signal cannot come
      // before it does (a connection with no request yet would be closed at once as idle).
      const socket = net.connect({ host: '127.0.0.1', port });
      await new Promise((resolve) => socket.once('connect', resolve));
      const continued = new Promise((resolve) =>
        socket.on('data', (chunk) => chunk.toString().includes('100 Continue') && resolve(undefined)),
      );
      socket.write(
        'POST /v1/auth/sign-in HTTP/1.1\r\nHost: console\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n',
      );
      await continued;
      socket.write('{');
      const socketClosed = new Promise((resolve) => socket.once('close', resolve));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const started = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      const took = Date.now() - started;
      expect(took).toBeLessThan(10_000);
      expect(took).toBeGreaterThanOrEqual(REQUEST_GRACE_MS - 500);
      expect(code).toBe(0);
      await socketClosed;
    },
    SERVER_START_LIMIT_MS + 30_000,
  );
});
