import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { liveSubscriptions, useLiveSubscription } from './live-subscriptions';

const DEVICE = 'device:0b7c7a2e-6f7a-4b8e-9d1a-2f1e5c3b4a59';

describe('live subscriptions', () => {
  it('follows what mounted pages show, once per subscription, and tells the channel once per change', async () => {
    const changed = vi.fn();
    const stop = liveSubscriptions.onChange(changed);
    const list = renderHook(() => useLiveSubscription('devices'));
    const page = renderHook(() => useLiveSubscription(DEVICE));
    const again = renderHook(() => useLiveSubscription('devices'));
    expect(liveSubscriptions.current()).toEqual([DEVICE, 'devices']);
    await Promise.resolve();
    expect(changed).toHaveBeenCalledTimes(1);

    list.unmount();
    expect(liveSubscriptions.current()).toEqual([DEVICE, 'devices']);
    again.unmount();
    page.unmount();
    expect(liveSubscriptions.current()).toEqual([]);
    stop();
  });

  it('leaves out what the server would refuse', () => {
    const bad = renderHook(() => useLiveSubscription('device:not-a-guid' as never));
    expect(liveSubscriptions.current()).toEqual([]);
    bad.unmount();
  });
});
