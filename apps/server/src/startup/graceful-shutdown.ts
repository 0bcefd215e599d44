import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/** Requests under way when a server is told to stop get this long before their connections are closed. */
export const REQUEST_GRACE_MS = 5_000;
/**
 * A stopping server exits within this, whatever it is doing (issue 28: 10 s). What it has not closed
 * by then is abandoned: the work it holds is stored (commands, rollouts, the outbox) and taken up
 * again by the other processes or by this one's next start. Device messages it had received but not
 * yet stored when the deadline passed are lost with it (the device link drains them on close first).
 */
export const SHUTDOWN_DEADLINE_MS = 9_000;

/**
 * What a signal to stop does: runs the closing steps in order and exits, 0 when they all finished, 1
 * when the deadline passed first (naming the step it was in) or a step failed. Requests still running
 * after REQUEST_GRACE_MS have their connections closed. A second signal exits at once.
 */
export function gracefulShutdown(deps: {
  log: FastifyBaseLogger;
  server: Server;
  steps: readonly [name: string, close: () => unknown][];
  exit?: (code: number) => void;
}) {
  const exit = deps.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      deps.log.warn({ signal }, 'shutdown: a second signal, exiting now');
      return exit(1);
    }
    stopping = true;
    let step = 'start';
    const deadline = setTimeout(() => {
      deps.log.error(
        { step, deadlineMs: SHUTDOWN_DEADLINE_MS },
        'shutdown: not finished in time, exiting; stored work is taken up again',
      );
      exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    const grace = setTimeout(() => deps.server.closeAllConnections(), REQUEST_GRACE_MS);
    try {
      for (const [name, close] of deps.steps) {
        step = name;
        await close();
      }
      clearTimeout(deadline);
      exit(0);
    } catch (error) {
      clearTimeout(deadline);
      deps.log.error({ err: error, step }, 'shutdown: a step failed, exiting');
      exit(1);
    } finally {
      clearTimeout(grace);
    }
  };
  return stop;
}
