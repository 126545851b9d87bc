import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, type SocketLike } from './client';

/** A socket the test opens, feeds and drops by hand. */
class FakeSocket implements SocketLike {
  readyState: SocketLike['readyState'] = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  private get asSocket() {
    return this as unknown as WebSocket;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.call(this.asSocket, new Event('open'));
  }
  push(message: unknown): void {
    this.onmessage?.call(this.asSocket, new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.call(this.asSocket, new CloseEvent('close', { code }));
  }
}

let sockets: FakeSocket[];
let client: RealtimeClient;
const latest = () => sockets.at(-1) as FakeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  client = new RealtimeClient(
    () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    () => undefined,
  );
});
afterEach(() => {
  vi.useRealTimers();
});

const listener = () => ({ onEvent: vi.fn(), onResync: vi.fn() });

describe('realtime client', () => {
  it('connects 50 ms after the first subscription, once for all the channels of that moment', () => {
    client.subscribe('user:u1', listener());
    vi.advanceTimersByTime(49);
    client.subscribe('chat:c1', listener());
    expect(sockets).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(1);
    latest().open();
    expect(latest().sent).toEqual([
      { type: 'subscribe', channel: 'user:u1' },
      { type: 'subscribe', channel: 'chat:c1' },
    ]);
  });

  it('hands events to the listeners of their channel only', () => {
    const user = listener();
    const chat = listener();
    client.subscribe('user:u1', user);
    client.subscribe('chat:c1', chat);
    vi.advanceTimersByTime(50);
    latest().open();
    latest().push({ type: 'event', channel: 'user:u1', event: 'account.changed', data: { a: 1 } });
    expect(user.onEvent).toHaveBeenCalledWith('account.changed', { a: 1 });
    expect(chat.onEvent).not.toHaveBeenCalled();
  });

  it('reconnects after drops on the spec schedule: 1 s for 5 tries, 5 s below 15, 10 s below 100, then 60 s', () => {
    client.subscribe('user:u1', listener());
    vi.advanceTimersByTime(50);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 101; attempt++) {
      const before = sockets.length;
      latest().drop();
      let waited = 0;
      while (sockets.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits.slice(0, 5)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(waits.slice(5, 14).every((wait) => wait === 5000)).toBe(true);
    expect(waits.slice(14, 99).every((wait) => wait === 10_000)).toBe(true);
    expect(waits.slice(99)).toEqual([60_000, 60_000]);
  });

  it('starts the schedule again once a connection opens, and tells listeners to resync after a reconnect', () => {
    const user = listener();
    client.subscribe('user:u1', user);
    vi.advanceTimersByTime(50);
    latest().open();
    expect(user.onResync).not.toHaveBeenCalled();
    for (let i = 0; i < 7; i++) {
      latest().drop();
      vi.advanceTimersByTime(5000);
    }
    latest().open();
    expect(user.onResync).toHaveBeenCalledTimes(1);
    expect(latest().sent).toEqual([{ type: 'subscribe', channel: 'user:u1' }]);
    const count = sockets.length;
    latest().drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(count + 1);
  });

  it('never reconnects after a 1008 close', () => {
    client.subscribe('user:u1', listener());
    vi.advanceTimersByTime(50);
    latest().open();
    latest().drop(1008);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it('closes the socket when the last channel is left, and does not reconnect after that', () => {
    const stopUser = client.subscribe('user:u1', listener());
    const stopChat = client.subscribe('chat:c1', listener());
    vi.advanceTimersByTime(50);
    latest().open();
    stopChat();
    expect(latest().sent.at(-1)).toEqual({ type: 'unsubscribe', channel: 'chat:c1' });
    expect(latest().closedWith).toBeNull();
    stopUser();
    expect(latest().closedWith).toBe(1000);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it('does not connect at all when the only subscription ends within the debounce', () => {
    const stop = client.subscribe('user:u1', listener());
    stop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(0);
  });
});
