/**
 * The update commands this browser has sent and not yet seen finished, per device: the info tab's
 * Updates section writes them, the header's firmware label and the configuration gate read them
 * (spec 2 §4.6: a device counts as updating while an update command is in flight). A plain store with
 * subscribers, read through useSyncExternalStore; an entry leaves when its command is over or the
 * section that follows it unmounts.
 */
type Listener = () => void;

const byDevice = new Map<string, Map<string, string>>();
const listeners = new Set<Listener>();
const EMPTY: readonly string[] = [];
/** One stable array per device and change, so React sees a change only when there is one. */
const snapshots = new Map<string, readonly string[]>();

function notify(deviceGuid: string) {
  const entries = byDevice.get(deviceGuid);
  snapshots.set(deviceGuid, entries && entries.size > 0 ? [...entries.values()] : EMPTY);
  for (const listener of listeners) listener();
}

/** Records (a command name) or clears (null) what one follower of the device has in flight. */
export function setInFlightUpdate(deviceGuid: string, follower: string, command: string | null) {
  const entries = byDevice.get(deviceGuid) ?? new Map<string, string>();
  if (command === null) {
    if (!entries.has(follower)) return;
    entries.delete(follower);
  } else {
    if (entries.get(follower) === command) return;
    entries.set(follower, command);
  }
  if (entries.size === 0) byDevice.delete(deviceGuid);
  else byDevice.set(deviceGuid, entries);
  notify(deviceGuid);
}

export function subscribeInFlightUpdates(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const inFlightUpdates = (deviceGuid: string): readonly string[] => snapshots.get(deviceGuid) ?? EMPTY;
