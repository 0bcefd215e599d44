type Task = { key: string; run: () => Promise<void> };

/**
 * Runs device messages with bounded concurrency, one at a time per device so each device's messages
 * are handled in order. Urgent messages (connection changes, command results) go ahead of the bulk
 * of reported documents, so that after a mass reconnect the console shows who is online first.
 */
export function ingestScheduler(concurrency: number) {
  const lanes = { urgent: [] as Task[], normal: [] as Task[] };
  const busy = new Set<string>();
  let running = 0;
  let idle: Array<() => void> = [];

  const takeNext = (): Task | undefined => {
    for (const lane of [lanes.urgent, lanes.normal]) {
      const index = lane.findIndex((task) => !busy.has(task.key));
      if (index >= 0) return lane.splice(index, 1)[0];
    }
    return undefined;
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
      (urgent ? lanes.urgent : lanes.normal).push({ key, run });
      pump();
    },
    /** Settles once every queued task has run, so nothing touches the database after it closes. */
    drain(): Promise<void> {
      if (running === 0 && lanes.urgent.length === 0 && lanes.normal.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
