import type { Logger } from 'pino';
import { isTransientStartupError } from './startup-errors.ts';

/**
 * Opens a service that may still be starting beside the console (a database or broker container):
 * retries while the error is one of not being up yet, for at most `waitSeconds`, then gives up with
 * the last error. Any other error (a wrong password, a missing database) gives up at once.
 */
export async function waitUntilReachable<T>(
  service: string,
  open: () => Promise<T>,
  options: { waitSeconds: number; log: Logger; retryEveryMs?: number },
): Promise<T> {
  const deadline = Date.now() + options.waitSeconds * 1000;
  let warned = false;
  for (;;) {
    try {
      return await open();
    } catch (error) {
      if (!isTransientStartupError(error) || Date.now() >= deadline) throw error;
      if (!warned) {
        options.log.warn(`waiting up to ${options.waitSeconds} s for ${service} to become reachable`);
        warned = true;
      }
      await new Promise((resolve) => setTimeout(resolve, options.retryEveryMs ?? 1000));
    }
  }
}
