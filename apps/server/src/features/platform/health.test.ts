import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { openTestDatabase, type TestDb } from '../../../test/test-databases.ts';

/** The probes an orchestrator and a load balancer use (docs/production.md). */
describe('health probes', () => {
  let database: TestDb;
  let t: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers live, and ready with its database and broker, without a token', async () => {
    const live = await t.app.inject({ url: '/v1/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      database: true,
      broker: true,
      stopping: false,
      ingest_backlog: 0,
    });
  });

  it('is not ready without its database, and says which part is missing; live still answers', async () => {
    await database.close();
    const ready = await t.app.inject({ url: '/v1/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'not_ready',
      database: false,
      broker: true,
      stopping: false,
      ingest_backlog: 0,
    });
    expect((await t.app.inject({ url: '/v1/health/live' })).statusCode).toBe(200);
  });
});
