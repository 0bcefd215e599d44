import { useMemo } from 'react';
import { usePreference } from '../../lib/preferences';
import { parseDeviceLayout } from './device-columns';

/** The device list layout this browser keeps, and whether columns hide on smaller screens. */
export function useDeviceLayout() {
  const stored = usePreference('deviceListLayout');
  const ignoreReactive = usePreference('ignoreReactive') ?? false;
  const layout = useMemo(() => parseDeviceLayout(stored), [stored]);
  return { layout, reactive: !ignoreReactive };
}
