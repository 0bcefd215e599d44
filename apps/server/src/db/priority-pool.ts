import pg from 'pg';
import { type WorkPriority, workPriority } from './background-work.ts';

type Connected = Parameters<pg.Pool['connect']>[0] & {};
type Waiter = { grant: () => void; since: number };

/** How long background work waits while people keep every connection busy before it goes first once. */
const BACKGROUND_PATIENCE_MS = 1000;

/**
 * A node-postgres pool that serves people, then devices, then background work (background-work.ts): a
 * connection that comes free goes to a request waiting for one first, then to a device's login or
 * connection change, and background work never holds the last `reservedForPeople` connections, so a
 * fleet's storm of writes cannot make a person's page wait for a connection (nor, on PGlite's one
 * connection, for 10,000 devices' logins and connection changes: decision 288). People first is not
 * background never: background work that has waited `backgroundPatienceMs` takes the next connection
 * freed (on PGlite's one connection, polling requests starved a device's reports for 15 s under load).
 * A connection a person gives back waits for the rest of the turn for that person's next statement
 * (decision 290). The pool itself never queues: this class admits at most `max` checkouts at a time.
 */
export class PriorityPool extends pg.Pool {
  readonly #max: number;
  readonly #backgroundMax: number;
  readonly #patienceMs: number;
  #inUse = 0;
  /** Whether the connection a person just gave back waits for the rest of the turn (#holdForPeople). */
  #heldForPeople = false;
  readonly #waiting: Record<WorkPriority, Waiter[]> = { people: [], devices: [], background: [] };

  constructor(
    config: pg.PoolConfig & { max: number; reservedForPeople: number; backgroundPatienceMs?: number },
  ) {
    const { reservedForPeople, backgroundPatienceMs = BACKGROUND_PATIENCE_MS, ...poolConfig } = config;
    super(poolConfig);
    this.#patienceMs = backgroundPatienceMs;
    this.#max = config.max;
    // One connection (PGlite) is everybody's: then people only go first.
    this.#backgroundMax = Math.max(1, config.max - reservedForPeople);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Connected): void;
  override connect(callback?: Connected): Promise<pg.PoolClient> | undefined {
    const priority = workPriority();
    const checkout = this.#admit(priority).then(() => this.#checkout(priority));
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, (release) => client.release(release)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
    return undefined;
  }

  /** Settles when this checkout may go to the pool. */
  #admit(priority: WorkPriority) {
    const limit = priority === 'people' ? this.#max : this.#limitOf(priority);
    const queue = this.#waiting[priority];
    const { people, devices } = this.#waiting;
    const nobodyAhead =
      people.length === 0 && (priority === 'people' || (devices.length === 0 && queue.length === 0));
    if (nobodyAhead && this.#inUse < limit) {
      this.#inUse += 1;
      return Promise.resolve();
    }
    return new Promise<void>((grant) => queue.push({ grant, since: performance.now() }));
  }

  /** How many connections devices' or background work may hold now. */
  #limitOf(priority: Exclude<WorkPriority, 'people'>) {
    const held = this.#heldForPeople ? 1 : 0;
    return (priority === 'background' ? this.#backgroundMax : this.#max) - held;
  }

  async #checkout(priority: WorkPriority) {
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (error) {
      this.#finished(priority);
      throw error;
    }
    const release = client.release;
    let released = false;
    client.release = (error?: Error | boolean) => {
      if (released) return release.call(client, error);
      released = true;
      client.release = release;
      release.call(client, error);
      this.#finished(priority);
    };
    return client;
  }

  /**
   * A checkout ended: background work that has run out of patience, else the next waiting person, else
   * the next device's work, else background work within its share.
   */
  #finished(released: WorkPriority) {
    this.#inUse -= 1;
    const { background } = this.#waiting;
    const oldest = background[0];
    if (oldest && performance.now() - oldest.since >= this.#patienceMs && this.#inUse < this.#backgroundMax) {
      this.#inUse += 1;
      background.shift()!.grant();
    }
    if (released === 'people') this.#holdForPeople();
    this.#grant();
  }

  /**
   * A person's request runs its statements one after another, each starting a few promise steps after
   * the one before ended: the connection it gave back waits for the rest of this turn of the event loop
   * for them. Given at once to the devices' work waiting, each of the person's statements would wait
   * for one of the storm's (on PGlite's one connection a batch of reports, 10-15 ms each).
   */
  #holdForPeople() {
    if (this.#heldForPeople) return;
    this.#heldForPeople = true;
    setImmediate(() => {
      this.#heldForPeople = false;
      this.#grant();
    });
  }

  /** Free connections go to the people waiting, then to devices' work, then to background work. */
  #grant() {
    const { people, devices, background } = this.#waiting;
    while (people.length > 0 && this.#inUse < this.#max) {
      this.#inUse += 1;
      people.shift()!.grant();
    }
    while (devices.length > 0 && this.#inUse < this.#limitOf('devices')) {
      this.#inUse += 1;
      devices.shift()!.grant();
    }
    while (background.length > 0 && this.#inUse < this.#limitOf('background')) {
      this.#inUse += 1;
      background.shift()!.grant();
    }
  }
}
