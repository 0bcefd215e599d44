import pg from 'pg';
import { isBackgroundWork } from './background-work.ts';

type Connected = Parameters<pg.Pool['connect']>[0] & {};

/**
 * A node-postgres pool that serves people before background work (background-work.ts): a connection
 * that comes free goes to a request waiting for one first, and background work never holds the last
 * `reservedForPeople` connections, so a fleet's storm of writes cannot make a person's page wait for a
 * connection. The pool itself never queues: this class admits at most `max` checkouts at a time.
 */
export class PriorityPool extends pg.Pool {
  readonly #max: number;
  readonly #backgroundMax: number;
  #inUse = 0;
  readonly #waiting = { people: [] as Array<() => void>, background: [] as Array<() => void> };

  constructor(config: pg.PoolConfig & { max: number; reservedForPeople: number }) {
    const { reservedForPeople, ...poolConfig } = config;
    super(poolConfig);
    this.#max = config.max;
    // One connection (PGlite) is everybody's: then people only go first.
    this.#backgroundMax = Math.max(1, config.max - reservedForPeople);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Connected): void;
  override connect(callback?: Connected): Promise<pg.PoolClient> | undefined {
    const checkout = this.#admit(isBackgroundWork()).then(() => this.#checkout());
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, (release) => client.release(release)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
    return undefined;
  }

  /** Settles when this checkout may go to the pool. */
  #admit(background: boolean) {
    const limit = background ? this.#backgroundMax : this.#max;
    const queue = background ? this.#waiting.background : this.#waiting.people;
    const nobodyAhead = this.#waiting.people.length === 0 && (!background || queue.length === 0);
    if (nobodyAhead && this.#inUse < limit) {
      this.#inUse += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => queue.push(resolve));
  }

  async #checkout() {
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (error) {
      this.#finished();
      throw error;
    }
    const release = client.release;
    let released = false;
    client.release = (error?: Error | boolean) => {
      if (released) return release.call(client, error);
      released = true;
      client.release = release;
      release.call(client, error);
      this.#finished();
    };
    return client;
  }

  /** A checkout ended: the next waiting person, else background work within its share. */
  #finished() {
    this.#inUse -= 1;
    while (this.#waiting.people.length > 0 && this.#inUse < this.#max) {
      this.#inUse += 1;
      this.#waiting.people.shift()!();
    }
    while (this.#waiting.background.length > 0 && this.#inUse < this.#backgroundMax) {
      this.#inUse += 1;
      this.#waiting.background.shift()!();
    }
  }
}
