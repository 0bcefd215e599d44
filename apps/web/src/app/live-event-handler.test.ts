import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dockerLogStore } from '../features/device-containers/api/log-store';
import { createLiveEventHandler } from './live-event-handler';

describe('live event handler', () => {
  let client: QueryClient;
  let invalidated: unknown[][];

  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    invalidated = [];
    vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push([...(filters?.queryKey ?? [])]);
    });
  });
  afterEach(() => vi.useRealTimers());

  it('refreshes the device and, batched, the lists when a device goes offline', () => {
    const { handle } = createLiveEventHandler(client, 'org-1');
    handle({ type: 'device.connection', device_guid: 'd1', online: false });
    handle({ type: 'device.connection', device_guid: 'd2', online: true });
    expect(invalidated).toEqual([
      ['org', 'org-1', 'device', 'd1'],
      ['org', 'org-1', 'device', 'd2'],
    ]);
    vi.advanceTimersByTime(1000);
    expect(invalidated.slice(-2)).toEqual([
      ['org', 'org-1', 'devices'],
      ['org', 'org-1', 'fleets'],
    ]);
    expect(invalidated).toHaveLength(4);
  });

  it("refreshes, batched, the fleets' status and device lists and nothing else of the fleets (decision 182)", () => {
    const { handle } = createLiveEventHandler(client, 'org-1');
    handle({ type: 'device.state', device_guid: 'd1' });
    vi.advanceTimersByTime(1000);
    const call = vi.mocked(client.invalidateQueries).mock.calls.find((c) => c[0]?.queryKey?.[2] === 'fleets');
    const predicate = call?.[0]?.predicate as unknown as (query: { queryKey: unknown[] }) => boolean;
    const fleet = ['org', 'org-1', 'fleets', 'one', 'f1'];
    expect(predicate({ queryKey: [...fleet, 'status'] })).toBe(true);
    expect(predicate({ queryKey: [...fleet, 'devices', null] })).toBe(true);
    expect(predicate({ queryKey: [...fleet, 'users'] })).toBe(false);
    expect(predicate({ queryKey: fleet })).toBe(false);
    expect(predicate({ queryKey: ['org', 'org-1', 'fleets', 'page', {}] })).toBe(false);
  });

  it("refreshes a device's Docker lists with its Containers document, and keeps log lines for their session", () => {
    const { handle } = createLiveEventHandler(client, 'org-1');
    handle({ type: 'shadow.reported', device_guid: 'd1', shadow_name: 'Containers', version: 3 });
    expect(invalidated).toEqual([
      ['org', 'org-1', 'device', 'd1', 'shadows', 'Containers'],
      ['org', 'org-1', 'device', 'd1', 'docker'],
    ]);
    const session = '6f1c2a4e-8b7d-4c3e-9f00-123456789abc';
    handle({
      type: 'device.docker_logs',
      device_guid: 'd1',
      session_id: session,
      container_id: 'c1',
      lines: ['a'],
    });
    handle({
      type: 'device.docker_logs',
      device_guid: 'd1',
      session_id: session,
      container_id: 'c1',
      lines: ['b'],
    });
    expect(dockerLogStore.lines(session)).toEqual(['a', 'b']);
    expect(dockerLogStore.lines('another')).toEqual([]);
    dockerLogStore.forget(session);
  });

  it('refreshes a reported shadow, and the device itself for the documents its record reads', () => {
    const { handle } = createLiveEventHandler(client, 'org-1');
    handle({ type: 'shadow.reported', device_guid: 'd1', shadow_name: 'Inputs', version: 2 });
    expect(invalidated).toEqual([['org', 'org-1', 'device', 'd1', 'shadows', 'Inputs']]);
    invalidated = [];
    handle({ type: 'shadow.reported', device_guid: 'd1', shadow_name: 'System', version: 2 });
    handle({ type: 'shadow.reported', device_guid: 'd1', shadow_name: 'Outputs', version: 2 });
    expect(invalidated).toEqual([
      ['org', 'org-1', 'device', 'd1', 'shadows', 'System'],
      ['org', 'org-1', 'device', 'd1'],
      ['org', 'org-1', 'device', 'd1', 'shadows', 'Outputs'],
      ['org', 'org-1', 'device', 'd1'],
    ]);
  });

  it("refreshes the organization's alerts (count, lists, history), the device and, batched, the device lists when an alert changes", () => {
    const { handle } = createLiveEventHandler(client, 'org-1');
    handle({ type: 'alert', alert_guid: 'a1', alert_type: 'device', device_guid: 'd1' });
    expect(invalidated).toEqual([
      ['org', 'org-1', 'alerts'],
      ['org', 'org-1', 'device', 'd1'],
    ]);
    // The lists count each device's active alerts: its status reads Device Alerts without a reload.
    vi.advanceTimersByTime(1000);
    expect(invalidated.at(-2)).toEqual(['org', 'org-1', 'devices']);
  });

  it("refreshes a rollout's page and the rollouts list when the rollout moves on", () => {
    const { handle } = createLiveEventHandler(client, 'org-1');
    handle({
      type: 'rollout',
      rollout_guid: 'r1',
      rollout_state: 'running',
      current_wave: 1,
      devices: [{ guid: 'd1', device_state: 'acknowledged' }],
    });
    expect(invalidated).toEqual([
      ['org', 'org-1', 'rollouts', 'one', 'r1'],
      ['org', 'org-1', 'rollouts', 'list'],
    ]);
  });

  it('refreshes a followed shadow command at once', () => {
    const { handle } = createLiveEventHandler(client, 'org-1');
    handle({
      type: 'shadow.command',
      device_guid: 'd1',
      command_guid: 'c1',
      shadow_name: 'System',
      command_state: 'succeeded',
    });
    expect(invalidated).toEqual([['org', 'org-1', 'device', 'd1', 'shadow-commands', 'c1']]);
  });

  it("refreshes the device itself (the caller's rights may have moved) and its users and invites, nothing else, when its users change", () => {
    const { handle } = createLiveEventHandler(client, 'org-1');
    handle({ type: 'device.users', device_guid: 'd1' });
    expect(invalidated).toEqual([
      ['org', 'org-1', 'device', 'd1'],
      ['org', 'org-1', 'device', 'd1', 'users'],
      ['org', 'org-1', 'device', 'd1', 'invites'],
    ]);
    // Exactly the device's own query: its shadows and state did not change.
    expect(client.invalidateQueries).toHaveBeenCalledWith({
      queryKey: ['org', 'org-1', 'device', 'd1'],
      exact: true,
    });
    vi.advanceTimersByTime(1000);
    expect(invalidated).toHaveLength(3);
  });

  it("refreshes the device's entitlements and licences, nothing else, when its entitlements change", () => {
    const { handle } = createLiveEventHandler(client, 'org-1');
    handle({ type: 'device.entitlements', device_guid: 'd1' });
    expect(invalidated).toEqual([
      ['org', 'org-1', 'device', 'd1', 'entitlements'],
      ['org', 'org-1', 'device', 'd1', 'licenses'],
    ]);
    vi.advanceTimersByTime(1000);
    expect(invalidated).toHaveLength(2);
  });
});

describe('the channel becoming ready', () => {
  it("refreshes the organization's data on every connection, the first one's too: an event before it was not told", () => {
    const client = new QueryClient();
    client.setQueryData(['org', 'org-1', 'device', 'd1'], { online: true });
    client.setQueryData(['org', 'org-1', 'alerts', 'device'], []);
    client.setQueryData(['org', 'org-2', 'device', 'd2'], { online: true });
    const invalidated = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.isInvalidated)
        .map((query) => query.queryKey);
    const { handle } = createLiveEventHandler(client, 'org-1');

    handle({ type: 'ready' });
    expect(invalidated()).toEqual([
      ['org', 'org-1', 'device', 'd1'],
      ['org', 'org-1', 'alerts', 'device'],
    ]);
  });

  it('lets a request on its way answer, then asks it again: the first rows do not wait for the channel', async () => {
    const client = new QueryClient();
    const answers: Array<(online: boolean) => void> = [];
    const observer = new QueryObserver(client, {
      queryKey: ['org', 'org-1', 'device', 'd1'],
      queryFn: () => new Promise<boolean>((resolve) => answers.push(resolve)),
    });
    const shown: unknown[] = [];
    const stop = observer.subscribe((result) => shown.push(result.data));
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    const { handle } = createLiveEventHandler(client, 'org-1');

    handle({ type: 'ready' });
    answers[0]!(true);
    await vi.waitFor(() => expect(shown.at(-1)).toBe(true));
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!(false);
    await vi.waitFor(() => expect(shown.at(-1)).toBe(false));
    stop();
  });
});
