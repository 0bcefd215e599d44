type Task = { run: () => Promise<void>; urgent: boolean };

/** A first-in first-out queue whose take is constant time (an array's shift is not, once it is long). */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get size() {
    return this.items.length - this.head;
  }

  push(item: T) {
    this.items.push(item);
  }

  take(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head++];
    // Drop the taken part now and then, so a queue that never empties does not keep it all.
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}

/** One device's messages in the order it sent them, and how many of them are urgent. */
type DeviceQueue = { tasks: Fifo<Task>; urgent: number };

/**
 * Runs device messages with bounded concurrency, one at a time per device and in the order each
 * device sent them. Urgent messages (connection changes, command results) put their device ahead of
 * the bulk of reported documents, so that after a mass reconnect the console shows who is online
 * first; they never overtake an earlier message of their own device (a command's answer must not
 * be stored before the document the device reported just before it). Every step costs the same
 * whatever the number of messages waiting: a fleet of 10,000 reconnecting queues about 80,000.
 */
export function ingestScheduler(concurrency: number) {
  const queues = new Map<string, DeviceQueue>();
  /** Devices with an urgent message waiting, and devices with any: in the order they became so. */
  const ready = { urgent: new Fifo<string>(), normal: new Fifo<string>() };
  const busy = new Set<string>();
  let running = 0;
  let waiting = 0;
  let idle: Array<() => void> = [];

  /** The next device that may run: not running already and still with messages (stale entries skipped). */
  const nextDevice = (): string | undefined => {
    for (const [fifo, needsUrgent] of [
      [ready.urgent, true],
      [ready.normal, false],
    ] as const) {
      while (fifo.size > 0) {
        const key = fifo.take()!;
        const queue = queues.get(key);
        if (!queue || busy.has(key) || queue.tasks.size === 0) continue;
        if (needsUrgent && queue.urgent === 0) continue;
        return key;
      }
    }
    return undefined;
  };

  /** A device not running with messages waiting is put in line again. */
  const makeReady = (key: string, queue: DeviceQueue) => {
    if (queue.urgent > 0) ready.urgent.push(key);
    ready.normal.push(key);
  };

  const pump = () => {
    while (running < concurrency) {
      const key = nextDevice();
      if (key === undefined) break;
      const queue = queues.get(key)!;
      // Its own earlier messages first: the device's queue is in the order it sent them.
      const task = queue.tasks.take()!;
      if (task.urgent) queue.urgent -= 1;
      waiting -= 1;
      running += 1;
      busy.add(key);
      void task
        .run()
        .catch(() => undefined)
        .finally(() => {
          running -= 1;
          busy.delete(key);
          if (queue.tasks.size > 0) makeReady(key, queue);
          else queues.delete(key);
          pump();
        });
    }
    if (running === 0 && waiting === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  };

  return {
    enqueue(key: string, run: () => Promise<void>, urgent = false) {
      let queue = queues.get(key);
      if (!queue) {
        queue = { tasks: new Fifo(), urgent: 0 };
        queues.set(key, queue);
      }
      const wasEmpty = queue.tasks.size === 0;
      queue.tasks.push({ run, urgent });
      waiting += 1;
      if (urgent) queue.urgent += 1;
      if (!busy.has(key)) {
        if (urgent && queue.urgent === 1) ready.urgent.push(key);
        if (wasEmpty) ready.normal.push(key);
      }
      pump();
    },
    /** Messages taken and not yet finished, running or waiting. */
    pending: () => running + waiting,
    /** Settles once every queued task has run, so nothing touches the database after it closes. */
    drain(): Promise<void> {
      if (running === 0 && waiting === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
