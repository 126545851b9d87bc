import {
  REALTIME_CONNECT_DEBOUNCE_MS,
  REALTIME_PATH,
  REALTIME_POLICY_CLOSE,
  type RealtimeChannel,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
  realtimeReconnectDelayMs,
} from '@aurum/core';

export interface ChannelListener {
  /** Something changed on the channel. */
  onEvent(event: string, data: unknown): void;
  /** The connection came back after a drop: read again what may have changed meanwhile. */
  onResync?(): void;
}

/** The part of the browser's WebSocket the client uses, so tests can hand in their own. */
export type SocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose'>;

const OPEN = 1;
const NORMAL_CLOSE = 1000;

/**
 * One websocket for the whole tab, shared by every channel a page follows (spec section 3, 9):
 * it opens 50 ms after the first subscription, reconnects after a drop on the spec's schedule
 * (1 s for the first 5 tries, 5 s below 15, 10 s below 100, then 60 s), never after it was
 * closed on purpose or refused with 1008, and closes when no channel is followed. After a
 * reconnect every listener is told to resync, since events are not replayed.
 */
export class RealtimeClient {
  private readonly listeners = new Map<RealtimeChannel, Set<ChannelListener>>();
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private connectedBefore = false;

  constructor(
    private readonly openSocket: () => SocketLike = () => new WebSocket(realtimeUrl()),
    private readonly log: (message: string) => void = (message) => console.info(message),
  ) {}

  /** Follows a channel until the returned function is called. */
  subscribe(channel: RealtimeChannel, listener: ChannelListener): () => void {
    const existing = this.listeners.get(channel);
    if (existing) existing.add(listener);
    else {
      this.listeners.set(channel, new Set([listener]));
      this.sendIfOpen({ type: 'subscribe', channel });
    }
    if (!this.socket && !this.timer) this.schedule(REALTIME_CONNECT_DEBOUNCE_MS);
    return () => this.unsubscribe(channel, listener);
  }

  private unsubscribe(channel: RealtimeChannel, listener: ChannelListener): void {
    const set = this.listeners.get(channel);
    if (!set?.delete(listener) || set.size > 0) return;
    this.listeners.delete(channel);
    this.sendIfOpen({ type: 'unsubscribe', channel });
    if (this.listeners.size === 0) this.stop();
  }

  /** Closes the connection on purpose and forgets the pending reconnect. */
  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.attempts = 0;
    this.connectedBefore = false;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(NORMAL_CLOSE, 'no channels');
    }
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.listeners.size > 0) this.connect();
    }, delayMs);
  }

  private connect(): void {
    const socket = this.openSocket();
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      for (const channel of this.listeners.keys()) this.sendIfOpen({ type: 'subscribe', channel });
      if (this.connectedBefore) for (const set of this.listeners.values()) for (const listener of set) listener.onResync?.();
      this.connectedBefore = true;
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = ({ code }) => {
      this.socket = null;
      if (code === REALTIME_POLICY_CLOSE || this.listeners.size === 0) return;
      this.attempts += 1;
      const delay = realtimeReconnectDelayMs(this.attempts);
      this.log(`Realtime connection dropped (code ${code}); reconnecting in ${delay / 1000} s`);
      this.schedule(delay);
    };
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: RealtimeServerMessage;
    try {
      message = JSON.parse(data) as RealtimeServerMessage;
    } catch {
      return;
    }
    if (message.type === 'event') {
      for (const listener of this.listeners.get(message.channel) ?? []) listener.onEvent(message.event, message.data);
    } else if (message.type === 'error') {
      this.log(`Realtime: ${message.error.message}${message.channel ? ` (${message.channel})` : ''}`);
    }
  }

  private sendIfOpen(message: RealtimeClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }
}

function realtimeUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${REALTIME_PATH}`;
}

/** The tab's one connection. */
export const realtime = new RealtimeClient();
