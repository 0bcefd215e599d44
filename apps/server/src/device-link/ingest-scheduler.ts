type Task = { key: string; seq: number; run: () => Promise<void> };

/**
 * Runs device messages with bounded concurrency, one at a time per device and in the order each
 * device sent them. Urgent messages (connection changes, command results) put their device ahead of
 * the bulk of reported documents, so that after a mass reconnect the console shows who is online
 * first; they never overtake an earlier message of their own device (a command's answer must not
 * be stored before the document the device reported just before it).
 */
export function ingestScheduler(concurrency: number) {
  const lanes = { urgent: [] as Task[], normal: [] as Task[] };
  /** Normal messages waiting per device: an urgent one of such a device runs after them. */
  const waitingNormal = new Map<string, number>();
  const busy = new Set<string>();
  let running = 0;
  let enqueued = 0;
  let idle: Array<() => void> = [];

  const takeNormal = (index: number): Task | undefined => {
    const [task] = lanes.normal.splice(index, 1);
    if (task) {
      const left = (waitingNormal.get(task.key) ?? 1) - 1;
      if (left === 0) waitingNormal.delete(task.key);
      else waitingNormal.set(task.key, left);
    }
    return task;
  };

  const takeNext = (): Task | undefined => {
    const urgent = lanes.urgent.findIndex((task) => !busy.has(task.key));
    if (urgent >= 0) {
      const { key, seq } = lanes.urgent[urgent]!;
      // Its device's earlier messages go first.
      const earlier = waitingNormal.has(key) ? lanes.normal.findIndex((task) => task.key === key) : -1;
      if (earlier >= 0 && lanes.normal[earlier]!.seq < seq) return takeNormal(earlier);
      return lanes.urgent.splice(urgent, 1)[0];
    }
    const normal = lanes.normal.findIndex((task) => !busy.has(task.key));
    return normal >= 0 ? takeNormal(normal) : undefined;
  };

  const pump = () => {
    while (running < concurrency) {
      const task = takeNext();
      if (!task) break;
      running += 1;
      busy.add(task.key);
      void task
        .run()
        .catch(() => undefined)
        .finally(() => {
          running -= 1;
          busy.delete(task.key);
          pump();
        });
    }
    if (running === 0 && lanes.urgent.length === 0 && lanes.normal.length === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  };

  return {
    enqueue(key: string, run: () => Promise<void>, urgent = false) {
      const task = { key, seq: enqueued++, run };
      if (urgent) lanes.urgent.push(task);
      else {
        lanes.normal.push(task);
        waitingNormal.set(key, (waitingNormal.get(key) ?? 0) + 1);
      }
      pump();
    },
    /** Settles once every queued task has run, so nothing touches the database after it closes. */
    drain(): Promise<void> {
      if (running === 0 && lanes.urgent.length === 0 && lanes.normal.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
