import { describe, expect, it, vi } from 'vitest';
import { inFlightUpdates, setInFlightUpdate, subscribeInFlightUpdates } from './in-flight-updates';

const DEVICE = 'in-flight-test-device';

describe('in-flight update commands', () => {
  it('lists what each follower has in flight and tells subscribers of changes only', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeInFlightUpdates(listener);
    setInFlightUpdate(DEVICE, 'a', 'download_update');
    setInFlightUpdate(DEVICE, 'a', 'download_update');
    setInFlightUpdate(DEVICE, 'b', 'update_cloud');
    expect(inFlightUpdates(DEVICE)).toEqual(['download_update', 'update_cloud']);
    expect(listener).toHaveBeenCalledTimes(2);
    setInFlightUpdate(DEVICE, 'a', null);
    setInFlightUpdate(DEVICE, 'b', null);
    expect(inFlightUpdates(DEVICE)).toEqual([]);
    expect(inFlightUpdates('another-device')).toEqual([]);
    unsubscribe();
    setInFlightUpdate(DEVICE, 'a', 'apply_update');
    expect(listener).toHaveBeenCalledTimes(4);
    setInFlightUpdate(DEVICE, 'a', null);
  });
});
