import { useState } from 'react';

/**
 * A Reload button's action and whether it runs: the person's own reload only. Refetches nobody asked
 * for (a live event, the live channel's refresh when it connects, the window regaining focus) leave the
 * button as it is: a button that spun on its own was a moving target, also for the accessibility
 * checks that sampled its fading label (decision 278).
 */
export function useReload(refetch: () => Promise<unknown>) {
  const [reloading, setReloading] = useState(false);
  const reload = () => {
    setReloading(true);
    void refetch().finally(() => setReloading(false));
  };
  return { reload, reloading };
}
