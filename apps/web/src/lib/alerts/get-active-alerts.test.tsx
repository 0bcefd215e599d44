import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertsPage, makeAlert, signInToTestOrg, TEST_ORG_GUID } from '../../testing/alert-fixtures';
import { mockApi } from '../../testing/mock-api';
import { createTestQueryClient } from '../../testing/render';
import { useActiveAlerts } from './get-active-alerts';

function renderActiveAlerts() {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useActiveAlerts(), { wrapper });
}

const loaded = (lists: { isSuccess: boolean }[]) => lists.every((list) => list.isSuccess);

describe('useActiveAlerts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads every page of both lists for the organization and keeps the active alerts', async () => {
    signInToTestOrg();
    const active = makeAlert();
    const onSecondPage = makeAlert();
    const other = makeAlert({ alert_type: 'other', device_guid: null, legacy: true });
    const calls = mockApi({
      'GET /device_alerts': (call) =>
        call.search.get('pagination_token') === 'page-2'
          ? { body: alertsPage([onSecondPage, makeAlert({ silenced: true })]) }
          : { body: alertsPage([active, makeAlert({ resolved: true })], 'page-2') },
      'GET /alerts': { body: alertsPage([other, makeAlert({ alert_type: 'other', resolved: true })]) },
    });
    const { result } = renderActiveAlerts();
    await vi.waitFor(() => expect(loaded(result.current)).toBe(true));

    const [devices, others] = result.current;
    expect(devices?.data).toEqual([active, onSecondPage]);
    expect(others?.data).toEqual([other]);
    expect(calls.map((call) => `${call.path} ${call.search}`)).toEqual([
      `/device_alerts org_guid=${TEST_ORG_GUID}&pagination_size=1000`,
      `/alerts org_guid=${TEST_ORG_GUID}&pagination_size=1000`,
      `/device_alerts org_guid=${TEST_ORG_GUID}&pagination_size=1000&pagination_token=page-2`,
    ]);
  });

  it('asks nothing before an organization is selected', async () => {
    const calls = mockApi({});
    const { result } = renderActiveAlerts();
    await act(async () => {});
    expect(calls).toEqual([]);
    expect(result.current.map((list) => list.fetchStatus)).toEqual(['idle', 'idle']);
  });

  it('refreshes after 8 to 15 s, not while the window lacks focus once loaded, and again on focus', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    signInToTestOrg();
    const calls = mockApi({
      'GET /device_alerts': { body: alertsPage([makeAlert()]) },
      'GET /alerts': { body: alertsPage([]) },
    });
    const { result } = renderActiveAlerts();
    await vi.waitFor(() => expect(loaded(result.current)).toBe(true));
    expect(calls).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(7_900);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(7_100);
    expect(calls).toHaveLength(4);

    hasFocus.mockReturnValue(false);
    act(() => window.dispatchEvent(new Event('blur')));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(4);

    hasFocus.mockReturnValue(true);
    act(() => window.dispatchEvent(new Event('focus')));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toHaveLength(6);
  });
});
