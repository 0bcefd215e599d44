import { useSyncExternalStore } from 'react';

/** Browser-local preferences (spec 1 §3), kept in localStorage under one key. */
export interface Preferences {
  darkMode?: boolean;
  hideBanner?: string[];
  ignoreReactive?: boolean;
  /**
   * The device list's columns after the device name, as the devices feature saved them; it parses
   * them before use (`device-columns.ts`), since a stored value may be stale.
   */
  deviceListLayout?: unknown;
  multiviewSortBy?: MultiviewSortBy;
  multiviewSortOrder?: SortOrder;
  /** Platform admins only: show the raw device shadow documents. */
  shadowDebug?: boolean;
}

export type MultiviewSortBy = 'device_name' | 'input_name';
export type SortOrder = 'asc' | 'desc';
export const DEFAULT_MULTIVIEW_SORT_BY: MultiviewSortBy = 'device_name';
export const DEFAULT_MULTIVIEW_SORT_ORDER: SortOrder = 'asc';

const KEY = 'preferences';
const listeners = new Set<() => void>();
let cache: Preferences | null = null;

function read(): Preferences {
  if (cache) return cache;
  try {
    cache = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Preferences;
  } catch {
    cache = {};
  }
  return cache;
}

export const preferences = {
  get: read,
  set<K extends keyof Preferences>(key: K, value: Preferences[K]) {
    cache = { ...read(), [key]: value };
    localStorage.setItem(KEY, JSON.stringify(cache));
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests reset localStorage between cases. */
  resetCache() {
    cache = null;
  },
};

export function usePreference<K extends keyof Preferences>(key: K): Preferences[K] {
  return useSyncExternalStore(preferences.subscribe, () => read()[key]);
}
