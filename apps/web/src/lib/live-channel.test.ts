import type { LiveEvent, LiveSubscription } from '@ec/contract/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveChannel, liveUrl } from './live-channel';

class FakeSocket {
  static instances: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.onclose?.();
  }
  receive(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

describe('LiveChannel', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => vi.useRealTimers());

  let following: LiveSubscription[] = ['devices'];
  const start = (onEvent: (event: LiveEvent) => void) => {
    const channel = new LiveChannel({
      accessToken: 'tok',
      orgGuid: 'org-1',
      subscriptions: () => following,
      onEvent,
      url: 'ws://test/v1/live',
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    channel.start();
    return channel;
  };

  it('says hello and passes events on', () => {
    const events: LiveEvent[] = [];
    const channel = start((event) => events.push(event));
    const socket = FakeSocket.instances[0]!;
    socket.onopen?.();
    expect(JSON.parse(socket.sent[0]!)).toEqual({
      type: 'hello',
      access_token: 'tok',
      org_guid: 'org-1',
      subscriptions: ['devices'],
    });
    socket.receive({ type: 'ready' });
    socket.receive({ type: 'device.connection', device_guid: 'd1', online: false });
    socket.receive({ type: 'nonsense' });
    expect(events.map((e) => e.type)).toEqual(['ready', 'device.connection']);
    channel.stop();
  });

  it('says what the page follows in its hello, then in subscribe messages, and again after a reconnection', () => {
    following = ['devices'];
    const channel = start(() => {});
    following = ['device:d1'];
    channel.follow(following);
    const first = FakeSocket.instances[0]!;
    expect(first.sent).toEqual([]);
    first.onopen?.();
    expect(JSON.parse(first.sent[0]!).subscriptions).toEqual(['device:d1']);
    following = ['devices', 'device:d1'];
    channel.follow(following);
    expect(JSON.parse(first.sent[1]!)).toEqual({
      type: 'subscribe',
      subscriptions: ['devices', 'device:d1'],
    });
    first.close();
    vi.advanceTimersByTime(1000);
    const second = FakeSocket.instances[1]!;
    second.onopen?.();
    expect(JSON.parse(second.sent[0]!).subscriptions).toEqual(['devices', 'device:d1']);
    channel.stop();
    following = ['devices'];
  });

  it('reconnects with a growing delay until stopped', () => {
    const channel = start(() => {});
    FakeSocket.instances[0]!.close();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]!.close();
    vi.advanceTimersByTime(1500);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(500);
    expect(FakeSocket.instances).toHaveLength(3);
    channel.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(3);
  });

  it('uses wss on https pages', () => {
    expect(liveUrl({ protocol: 'https:', host: 'console.example' })).toBe('wss://console.example/v1/live');
    expect(liveUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/v1/live');
  });
});
