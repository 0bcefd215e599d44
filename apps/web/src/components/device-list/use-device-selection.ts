import type { Device } from '@ec/contract/devices';
import { useState } from 'react';

/**
 * Devices ticked in a device table, kept across its pages and searches: by guid, with the device as
 * last seen (the bulk actions need more than the guid).
 */
export function useDeviceSelection(initial: ReadonlyMap<string, Device> = new Map()) {
  const [selected, setSelected] = useState<ReadonlyMap<string, Device>>(initial);
  const toggle = (device: Device) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(device.device_guid)) next.delete(device.device_guid);
      else next.set(device.device_guid, device);
      return next;
    });
  const toggleAll = (checked: boolean, rows: readonly Device[]) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const device of rows) {
        if (checked) next.set(device.device_guid, device);
        else next.delete(device.device_guid);
      }
      return next;
    });
  const clear = () => setSelected(new Map());
  return { selected, toggle, toggleAll, clear };
}
