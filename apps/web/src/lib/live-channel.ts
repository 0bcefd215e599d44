import { LIVE_PATH, type LiveEvent, type LiveSubscription, liveEventSchema } from '@ec/contract/live';

export type LiveStatus = 'connecting' | 'ready' | 'reconnecting' | 'stopped';

export interface LiveChannelOptions {
  accessToken: string;
  orgGuid: string;
  /** What the socket follows from its hello on; `follow` changes it. */
  subscriptions: () => LiveSubscription[];
  onEvent: (event: LiveEvent) => void;
  onStatus?: (status: LiveStatus) => void;
  url?: string;
  /** First reconnect delay and its ceiling; each failure doubles the delay (with some jitter). */
  initialDelayMs?: number;
  maxDelayMs?: number;
  createSocket?: (url: string) => WebSocket;
}

export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH}`;
}

/**
 * The live channel (/v1/live): says hello with the token, the organization and what the page follows,
 * then hands each pushed event to `onEvent`. It reconnects with exponential backoff until stopped.
 */
export class LiveChannel {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private stopped = false;
  /** The current socket has said hello: later changes go as subscribe messages. */
  private helloSent = false;

  constructor(private readonly options: LiveChannelOptions) {}

  start() {
    this.stopped = false;
    this.connect();
  }

  /** Follows these from now on (the page changed); a socket not open yet says them in its hello. */
  follow(subscriptions: LiveSubscription[]) {
    if (this.socket && this.helloSent) this.socket.send(JSON.stringify({ type: 'subscribe', subscriptions }));
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'done');
    this.options.onStatus?.('stopped');
  }

  private connect() {
    const { url = liveUrl(), createSocket = (u: string) => new WebSocket(u) } = this.options;
    this.options.onStatus?.(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let socket: WebSocket;
    try {
      socket = createSocket(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.helloSent = false;
    socket.onopen = () => {
      this.helloSent = true;
      socket.send(
        JSON.stringify({
          type: 'hello',
          access_token: this.options.accessToken,
          org_guid: this.options.orgGuid,
          subscriptions: this.options.subscriptions(),
        }),
      );
    };
    socket.onmessage = (message) => {
      let raw: unknown;
      try {
        raw = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const parsed = liveEventSchema.safeParse(raw);
      if (!parsed.success) return;
      if (parsed.data.type === 'ready') {
        this.attempt = 0;
        this.options.onStatus?.('ready');
      }
      this.options.onEvent(parsed.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    const { initialDelayMs = 1000, maxDelayMs = 30_000 } = this.options;
    const delay = Math.min(maxDelayMs, initialDelayMs * 2 ** this.attempt);
    this.attempt += 1;
    this.options.onStatus?.('reconnecting');
    this.timer = setTimeout(() => this.connect(), delay * (0.8 + Math.random() * 0.4));
  }
}
