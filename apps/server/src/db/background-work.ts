import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Work nobody is waiting on (storing what devices report): its database statements give way to
 * people's (priority-pool.ts). Marked where it starts; everything it awaits inherits the mark.
 */
const backgroundWork = new AsyncLocalStorage<true>();

export const inBackground = <T>(run: () => T): T => backgroundWork.run(true, run);
export const isBackgroundWork = () => backgroundWork.getStore() === true;
