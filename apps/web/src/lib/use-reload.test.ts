import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useReload } from './use-reload';

describe('useReload', () => {
  it('runs while the person’s reload runs, and only then', async () => {
    let answer = () => {};
    const refetch = () =>
      new Promise<void>((resolve) => {
        answer = resolve;
      });
    const { result } = renderHook(() => useReload(refetch));
    expect(result.current.reloading).toBe(false);

    act(() => result.current.reload());
    expect(result.current.reloading).toBe(true);
    await act(async () => answer());
    expect(result.current.reloading).toBe(false);
  });
});
