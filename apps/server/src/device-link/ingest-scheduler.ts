/** A device message's work; `urgent` says whether it runs as urgent work (device-link.ts decides what that means). */
type Task = { run: (urgent: boolean) => Promise<void>; urgent: boolean };

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
 * device sent them. Urgent messages (connection changes, command results) have slots of their own
 * (`urgentConcurrency`), so they never wait for the bulk of reported documents to free one: after a
 * mass reconnect the console shows who is online first, and a command's answer is stored while the
 * storm's documents are. They never overtake an earlier message of their own device (a command's
 * answer must not be stored before the document the device reported just before it): those earlier
 * messages run as urgent work too. Every step costs the same whatever the number of messages
 * waiting: a fleet of 10,000 reconnecting queues about 80,000.
 */
export function ingestScheduler(limits: { concurrency: number; urgentConcurrency: number }) {
  const queues = new Map<string, DeviceQueue>();
  /** Devices with an urgent message waiting, and devices with any: in the order they became so. */
  const ready = { urgent: new Fifo<string>(), normal: new Fifo<string>() };
  const busy = new Set<string>();
  const running = { urgent: 0, normal: 0 };
  let waiting = 0;
  let idle: Array<() => void> = [];

  /** The next device of `fifo` that may run: not running already and still with messages (stale entries skipped). */
  const nextDevice = (fifo: Fifo<string>, needsUrgent: boolean): string | undefined => {
    while (fifo.size > 0) {
      const key = fifo.take()!;
      const queue = queues.get(key);
      if (!queue || busy.has(key) || queue.tasks.size === 0) continue;
      if (needsUrgent && queue.urgent === 0) continue;
      return key;
    }
    return undefined;
  };

  /** A device not running with messages waiting is put in line again. */
  const makeReady = (key: string, queue: DeviceQueue) => {
    if (queue.urgent > 0) ready.urgent.push(key);
    ready.normal.push(key);
  };

  const start = (key: string, lane: keyof typeof running) => {
    const queue = queues.get(key)!;
    // Its own earlier messages first: the device's queue is in the order it sent them.
    const task = queue.tasks.take()!;
    if (task.urgent) queue.urgent -= 1;
    // Urgent when it is, or when an urgent message of its device waits behind it.
    const urgent = task.urgent || queue.urgent > 0;
    waiting -= 1;
    running[lane] += 1;
    busy.add(key);
    void task
      .run(urgent)
      .catch(() => undefined)
      .finally(() => {
        running[lane] -= 1;
        busy.delete(key);
        if (queue.tasks.size > 0) makeReady(key, queue);
        else queues.delete(key);
        pump();
      });
  };

  const pump = () => {
    while (running.urgent < limits.urgentConcurrency) {
      const key = nextDevice(ready.urgent, true);
      if (key === undefined) break;
      start(key, 'urgent');
    }
    // The bulk's slots take urgent work too when they are free: whoever is first in line.
    while (running.normal < limits.concurrency) {
      const key = nextDevice(ready.urgent, true) ?? nextDevice(ready.normal, false);
      if (key === undefined) break;
      start(key, 'normal');
    }
    if (running.urgent + running.normal === 0 && waiting === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  };

  return {
    enqueue(key: string, run: (urgent: boolean) => Promise<void>, urgent = false) {
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
    pending: () => running.urgent + running.normal + waiting,
    /** Settles once every queued task has run, so nothing touches the database after it closes. */
    drain(): Promise<void> {
      if (running.urgent + running.normal === 0 && waiting === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
