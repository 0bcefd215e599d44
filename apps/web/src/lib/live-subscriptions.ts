import { type LiveSubscription, liveSubscriptionSchema } from '@ec/contract/live';
import { useEffect } from 'react';

/**
 * What the pages on screen follow on the live channel, counted per subscription: a device list and a
 * device page each add theirs while mounted, and the channel follows the union.
 */
const counts = new Map<LiveSubscription, number>();
const listeners = new Set<() => void>();
let notifying = false;

/** Changes made in one render (one page leaving, the next arriving) reach the channel as one. */
function notify() {
  if (notifying) return;
  notifying = true;
  queueMicrotask(() => {
    notifying = false;
    for (const listener of listeners) listener();
  });
}

export const liveSubscriptions = {
  /** The subscriptions the server takes: a page opened on a malformed device address follows nothing. */
  current(): LiveSubscription[] {
    return [...counts.keys()].filter((key) => liveSubscriptionSchema.safeParse(key).success).sort();
  },
  add(subscription: LiveSubscription): () => void {
    counts.set(subscription, (counts.get(subscription) ?? 0) + 1);
    notify();
    return () => {
      const left = (counts.get(subscription) ?? 1) - 1;
      if (left > 0) counts.set(subscription, left);
      else counts.delete(subscription);
      notify();
    };
  },
  onChange(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Follows `subscription` on the live channel while the calling component is mounted. */
export function useLiveSubscription(subscription: LiveSubscription | null) {
  useEffect(() => (subscription ? liveSubscriptions.add(subscription) : undefined), [subscription]);
}
