import { afterEach, describe, expect, it } from 'vitest';
import { asDeviceWork, inBackground } from './background-work.ts';
import { PriorityPool } from './priority-pool.ts';

const url = process.env.TEST_DATABASE_URL;
/** Whether the promise is still pending after the pool has had time to answer. */
const pending = async (promise: Promise<unknown>) =>
  (await Promise.race([
    promise.then(() => false),
    new Promise((resolve) => setTimeout(resolve, 150, true)),
  ])) as boolean;

/** One connection everybody shares, as PGlite's: background work goes first after `patienceMs`. */
const oneConnectionPool = (patienceMs: number) =>
  new PriorityPool({ connectionString: url, max: 1, reservedForPeople: 0, backgroundPatienceMs: patienceMs });

// Several connections of a PostgreSQL server (PGlite has one): the PostgreSQL pass runs it.
describe.skipIf(!url)('a pool that serves people before background work', () => {
  let pool: PriorityPool | undefined;
  afterEach(async () => {
    await pool?.end();
  });

  it('leaves background work at most its share, and the reserved connections to people', async () => {
    pool = new PriorityPool({ connectionString: url, max: 3, reservedForPeople: 1 });
    const held = await Promise.all([1, 2].map(() => inBackground(() => pool!.connect())));
    const third = inBackground(() => pool!.connect());
    expect(await pending(third)).toBe(true);
    const person = await pool.connect();
    expect((await person.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    person.release();
    // A background connection freed goes to the background work waiting.
    held[0]!.release();
    const thirdClient = await third;
    for (const client of [held[1]!, thirdClient]) client.release();
  });

  it('gives a freed connection to a waiting person before waiting background work', async () => {
    pool = new PriorityPool({ connectionString: url, max: 2, reservedForPeople: 1 });
    const background = await inBackground(() => pool!.connect());
    const person = await pool.connect();
    const order: string[] = [];
    const waitingBackground = inBackground(() => pool!.connect()).then((client) => {
      order.push('background');
      return client;
    });
    const waitingPerson = pool.connect().then((client) => {
      order.push('person');
      return client;
    });
    expect(await pending(waitingPerson)).toBe(true);
    background.release();
    const next = await waitingPerson;
    expect(order).toEqual(['person']);
    person.release();
    next.release();
    (await waitingBackground).release();
    expect(order).toEqual(['person', 'background']);
  });

  it("gives a freed connection to a person, then to a device's work, then to background work", async () => {
    // Patience beyond the test's length: background work never goes first here, however slow the machine.
    pool = oneConnectionPool(60_000);
    const holder = await pool.connect();
    const order: string[] = [];
    const waiting = [
      inBackground(() => pool!.connect()).then((client) => ['background', client] as const),
      asDeviceWork(() => pool!.connect()).then((client) => ['device', client] as const),
      pool.connect().then((client) => ['person', client] as const),
    ].map((checkout) =>
      checkout.then(([who, client]) => {
        order.push(who);
        client.release();
      }),
    );
    expect(await pending(waiting[2]!)).toBe(true);
    holder.release();
    await Promise.all(waiting);
    expect(order).toEqual(['person', 'device', 'background']);
  });

  it("keeps a person's freed connection for the person's next statement until the turn ends", async () => {
    pool = oneConnectionPool(60_000);
    const order: string[] = [];
    const person = await pool.connect();
    const device = asDeviceWork(() => pool!.connect()).then((client) => {
      order.push('device');
      client.release();
    });
    expect(await pending(device)).toBe(true);
    // As a request's next statement comes: a few promise steps after its last one ended.
    const next = Promise.resolve()
      .then(() => undefined)
      .then(() => pool!.connect())
      .then((client) => {
        order.push('person again');
        client.release();
      });
    person.release();
    await Promise.all([next, device]);
    expect(order).toEqual(['person again', 'device']);

    // Nobody asks again within the turn: the device's work waits for nothing more.
    const holder = await pool.connect();
    const deviceAgain = asDeviceWork(() => pool!.connect());
    holder.release();
    const granted = await Promise.race([
      deviceAgain.then(() => true),
      new Promise((resolve) => setTimeout(resolve, 50, false)),
    ]);
    expect(granted).toBe(true);
    (await deviceAgain).release();
  });
  it('serves background work that waited past its patience before people who keep coming', async () => {
    pool = oneConnectionPool(300);
    let person = await pool.connect();
    const background = inBackground(() => pool!.connect()).then((client) => ({ client, person: false }));
    const started = performance.now();
    for (;;) {
      // People keep the one connection busy: the next is already waiting when it comes free.
      const next = pool.connect();
      person.release();
      const first = await Promise.race([next.then((client) => ({ client, person: true })), background]);
      if (!first.person) {
        expect(performance.now() - started).toBeGreaterThanOrEqual(250);
        first.client.release();
        (await next).release();
        break;
      }
      expect(performance.now() - started).toBeLessThan(2000);
      person = first.client;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it("answers pool.query (node-postgres' own checkout) in either kind of work", async () => {
    pool = new PriorityPool({ connectionString: url, max: 1, reservedForPeople: 3 });
    const [people, background] = await Promise.all([
      pool.query('select 1 as n'),
      inBackground(() => pool!.query('select 2 as n')),
    ]);
    expect([people.rows, background.rows]).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    expect(pool.totalCount).toBe(1);
  });
});
