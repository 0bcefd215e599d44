/**
 * Runs `work` one call at a time, for a worker that drains what events put in line (the alert
 * engine's judgements, the outbox's rounds). A kick while a call runs asks for one more call after it;
 * the loop sees that no kick is left and forgets its run in one synchronous step, so a kick can never
 * fall between the two and wait, unserved, for the next one. A call that fails is told to `onError`
 * and the loop goes on.
 */
export function serialRunner(work: () => Promise<void>, onError: (error: unknown) => void) {
  let running: Promise<void> | undefined;
  /** A kick came since the last call began. */
  let again = false;

  async function loop() {
    try {
      while (again) {
        again = false;
        try {
          await work();
        } catch (error) {
          onError(error);
        }
      }
    } finally {
      running = undefined;
    }
  }

  return {
    /** Starts a call now, or another after the one under way; resolves when the runner is idle. */
    kick(): Promise<void> {
      again = true;
      running ??= loop();
      return running;
    },
    /** Resolves when no call runs nor waits. */
    idle(): Promise<void> {
      return running ?? Promise.resolve();
    },
  };
}
