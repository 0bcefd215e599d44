import { dockerLogsSubscription } from '@ec/contract/docker-logs';
import {
  DEVICE_LIST_EVENT_TYPES,
  DEVICE_LIST_SUBSCRIPTION,
  deviceSubscription,
  type LiveEvent,
  type LiveSubscription,
} from '@ec/contract/live';

export interface LiveSocket {
  send(data: string): void;
}

interface Subscriber {
  socket: LiveSocket;
  subscriptions: ReadonlySet<LiveSubscription>;
  /** Whether the person may see the event's device; absent: every device of the organization. */
  mayView?: (event: LiveEvent) => boolean;
}

/** Whether a socket following `subscriptions` is told of `event`. */
export function follows(subscriptions: ReadonlySet<LiveSubscription>, event: LiveEvent): boolean {
  // A log session's lines are for the one socket that asked for them, not the device's other followers.
  if (event.type === 'device.docker_logs')
    return subscriptions.has(dockerLogsSubscription(event.session_id) as LiveSubscription);
  if (!('device_guid' in event)) return true;
  if (subscriptions.has(deviceSubscription(event.device_guid))) return true;
  return subscriptions.has(DEVICE_LIST_SUBSCRIPTION) && DEVICE_LIST_EVENT_TYPES.includes(event.type);
}

/** The browsers connected to this server process, by organization, each with what it follows. */
export class LiveHub {
  private readonly byOrg = new Map<string, Set<Subscriber>>();

  join(
    orgGuid: string,
    socket: LiveSocket,
    subscriptions: readonly LiveSubscription[],
    mayView?: (event: LiveEvent) => boolean,
  ) {
    const subscriber: Subscriber = { socket, subscriptions: new Set(subscriptions), mayView };
    const subscribers = this.byOrg.get(orgGuid) ?? new Set();
    subscribers.add(subscriber);
    const byOrg = this.byOrg;
    byOrg.set(orgGuid, subscribers);
    return {
      /** Replaces what the socket follows (the page changed). */
      follow(next: readonly LiveSubscription[]) {
        subscriber.subscriptions = new Set(next);
      },
      leave() {
        subscribers.delete(subscriber);
        if (subscribers.size === 0) byOrg.delete(orgGuid);
      },
    };
  }

  broadcast(orgGuid: string, event: LiveEvent) {
    const subscribers = this.byOrg.get(orgGuid);
    if (!subscribers) return;
    const data = JSON.stringify(event);
    for (const { socket, subscriptions, mayView } of subscribers) {
      if ((!mayView || mayView(event)) && follows(subscriptions, event)) socket.send(data);
    }
  }

  get size() {
    let total = 0;
    for (const subscribers of this.byOrg.values()) total += subscribers.size;
    return total;
  }
}
