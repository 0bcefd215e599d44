import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who waits on a piece of work, in the order the database serves it (priority-pool.ts): people (a
 * request; the default), devices (a login, a connection change, a command's answer: what shows who is
 * online and finishes people's commands), then background work nobody waits on (storing what devices
 * report). Marked where the work starts; everything it awaits inherits the mark.
 */
export type WorkPriority = 'people' | 'devices' | 'background';

const priority = new AsyncLocalStorage<WorkPriority>();

export const asPeopleWork = <T>(run: () => T): T => priority.run('people', run);
export const inBackground = <T>(run: () => T): T => priority.run('background', run);
export const asDeviceWork = <T>(run: () => T): T => priority.run('devices', run);
export const workPriority = (): WorkPriority => priority.getStore() ?? 'people';
export const isBackgroundWork = () => workPriority() === 'background';
