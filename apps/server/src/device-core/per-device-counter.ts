/** Past this many devices the counter's memory starts again (each device then counts from zero). */
const MEMORY_DEVICES = 50_000;

/**
 * Counts what each device does in windows of `windowMs`, a window starting at the device's first count
 * after the last one ended. `add` answers the count in the current window, this one included, and the
 * count of the window before.
 */
export function perDeviceCounter(windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number; before: number }>();
  return {
    add(deviceGuid: string): { count: number; before: number } {
      const at = now();
      let window = windows.get(deviceGuid);
      if (!window || at - window.start >= windowMs) {
        if (!window && windows.size >= MEMORY_DEVICES) windows.clear();
        window = { start: at, count: 0, before: window?.count ?? 0 };
        windows.set(deviceGuid, window);
      }
      window.count++;
      return { count: window.count, before: window.before };
    },
  };
}
