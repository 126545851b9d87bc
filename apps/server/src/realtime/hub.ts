import { randomUUID } from 'node:crypto';
import { REALTIME_POLICY_CLOSE, type RealtimeChannel, type RealtimeServerMessage, realtimeClientMessageSchema } from '@aurum/core';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { Bus } from '../bus/bus.js';
import { type AppError, errors } from '../http/errors.js';
import type { Viewer } from '../http/viewer.js';
import type { RegisteredSocket, SocketRegistry } from './socket-registry.js';

/** A signed-in socket's session: who, the cookie token to check it again with, and when it expires. */
export interface RealtimeSession {
  viewer: Viewer;
  token: string;
  expiresAt: Date;
}

/** Who may follow a channel of one kind (`user`, `chat`), given the part after the colon. */
export type ChannelAuthorizer = (viewer: Viewer, id: string) => boolean | Promise<boolean>;

export interface RealtimeHubOptions {
  bus: Bus;
  logger: Logger;
  /** The viewer behind a session token now and when the session expires, or null once it ended or expired. */
  resolveSession: (token: string) => Promise<{ viewer: Viewer; expiresAt: Date } | null>;
  now?: () => Date;
  /** Every this often, sockets that missed the last ping are dropped and the rest pinged. */
  heartbeatMs?: number;
  /** A reader this far behind is dropped (it reconnects and reads what it missed) rather than held in memory. */
  maxBufferedBytes?: number;
  maxChannelsPerSocket?: number;
  /** Sockets one user may hold (a tab each); the next is refused with 1013, try again later. */
  maxSocketsPerUser?: number;
  /** Counts each user's sockets on every instance together (Redis); without it, each instance counts its own. */
  sockets?: SocketRegistry;
  /** Frames one socket may send per FRAME_WINDOW_MS; past it the socket is closed with 1008. */
  maxFramesPerWindow?: number;
  /** Refused subscriptions (a channel not theirs, a frame not understood) one socket may make before it is closed with 1008. */
  maxRefusalsPerSocket?: number;
}

interface Connection {
  /** Unique across instances: how the socket registry knows it. */
  id: string;
  socket: WebSocket;
  token: string;
  viewer: Viewer;
  /** When the session expires unless it is used meanwhile; checked again then. */
  expiresAt: Date;
  channels: Set<RealtimeChannel>;
  /** Answered the last ping. */
  alive: boolean;
  /** The frames in the current window, and when that window started. */
  frames: number;
  windowStartedAt: number;
  refusals: number;
  /** The frame being handled: frames are handled one at a time, in order, so a flood queues behind it. */
  handling: Promise<void>;
}

/** An event for the sockets on a channel. */
export interface RealtimeEvent {
  channel: RealtimeChannel;
  event: string;
  data: unknown;
}

/** An event as instances hand it to each other: its channel, and the frame its sockets get. */
interface BusDelivery {
  channel: RealtimeChannel;
  text: string;
}

const busDelivery = ({ channel, event, data }: RealtimeEvent): BusDelivery => {
  const message: RealtimeServerMessage = { type: 'event', channel, event, data };
  return { channel, text: JSON.stringify(message) };
};

/** Where instances hand each other the events to deliver to their own sockets. */
const EVENTS_BUS_CHANNEL = 'realtime.events';
const GOING_AWAY_CLOSE = 1001;
/** The server is busy with this client elsewhere (its sockets are many): the client reconnects later. */
const TRY_AGAIN_LATER_CLOSE = 1013;
const FRAME_WINDOW_MS = 10_000;
/** Every this often, unless told otherwise, sockets are pinged (and their count across instances renewed). */
export const REALTIME_HEARTBEAT_MS = 30_000;

const registered = (connection: Connection): RegisteredSocket => ({ userId: connection.viewer.userId, socketId: connection.id });

/**
 * Open websockets of this instance and the channels each follows. An event is published to
 * the bus, which hands it to every instance (this one too), and each instance delivers it to
 * its own sockets on that channel. Sessions are checked again when they are forgotten
 * (sign-out, disabled account) and, on a heartbeat, once they are due to expire (not all of
 * them on every beat: that would be a burst of session reads); a socket whose session ended is
 * closed with 1008, after which the client does not reconnect.
 */
export class RealtimeHub {
  private readonly connections = new Set<Connection>();
  private readonly byChannel = new Map<RealtimeChannel, Set<Connection>>();
  private readonly authorizers = new Map<string, ChannelAuthorizer>([['user', (viewer, id) => viewer.userId === id]]);
  private readonly heartbeatTimer: NodeJS.Timeout;
  private readonly maxBufferedBytes: number;
  private readonly maxChannels: number;
  private readonly maxSocketsPerUser: number;
  private readonly maxFramesPerWindow: number;
  private readonly maxRefusals: number;

  constructor(private readonly options: RealtimeHubOptions) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.maxChannels = options.maxChannelsPerSocket ?? 200;
    this.maxSocketsPerUser = options.maxSocketsPerUser ?? 20;
    this.maxFramesPerWindow = options.maxFramesPerWindow ?? 60;
    this.maxRefusals = options.maxRefusalsPerSocket ?? 20;
    options.bus.subscribe(EVENTS_BUS_CHANNEL, (message) => {
      const parsed = JSON.parse(message) as BusDelivery | { many: BusDelivery[] };
      for (const { channel, text } of 'many' in parsed ? parsed.many : [parsed]) this.deliverHere(channel, text);
    });
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), options.heartbeatMs ?? REALTIME_HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  /** Lets a domain decide who follows its channels (chat: the chat's two participants). */
  authorize(kind: string, authorizer: ChannelAuthorizer): void {
    this.authorizers.set(kind, authorizer);
  }

  /** Tells every instance's sockets on `channel` that `event` happened. */
  publish(channel: RealtimeChannel, event: string, data: unknown = {}): void {
    this.options.bus.publish(EVENTS_BUS_CHANNEL, JSON.stringify(busDelivery({ channel, event, data })));
  }

  /** Many events at once, handed to the other instances as one message (a mass message's batch). */
  publishMany(events: readonly RealtimeEvent[]): void {
    if (events.length === 0) return;
    this.options.bus.publish(EVENTS_BUS_CHANNEL, JSON.stringify({ many: events.map(busDelivery) }));
  }

  /**
   * Takes an accepted socket of a signed-in viewer, unless the viewer holds as many as a person
   * could use already. What a socket may send is bounded: frames per window and refused
   * subscriptions, past which it is closed with 1008 (the client does not come back); its frames
   * are handled one after another, so a flood of them waits on itself, not on everyone else.
   */
  accept(socket: WebSocket, session: RealtimeSession): void {
    const { sockets } = this.options;
    if (!sockets && this.socketsOf(session.viewer.userId) >= this.maxSocketsPerUser) {
      socket.close(TRY_AGAIN_LATER_CLOSE, 'too many open connections');
      return;
    }
    const connection: Connection = {
      id: randomUUID(),
      socket,
      ...session,
      channels: new Set(),
      alive: true,
      frames: 0,
      windowStartedAt: this.nowMs(),
      refusals: 0,
      handling: Promise.resolve(),
    };
    this.connections.add(connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      if (!this.countFrame(connection)) return;
      const text = isBinary ? null : data.toString();
      connection.handling = connection.handling
        .then(() => this.receive(connection, text))
        .catch((error: unknown) => this.options.logger.warn({ err: error }, 'realtime: a message could not be handled'));
    });
    socket.on('close', () => this.drop(connection));
    socket.on('error', (error) => this.options.logger.debug({ err: error }, 'realtime socket error'));
    // Counted across instances once listening, so no frame sent meanwhile is lost; refused, it closes.
    if (sockets) void this.claimShared(sockets, connection);
  }

  private async claimShared(sockets: SocketRegistry, connection: Connection): Promise<void> {
    const claimed = await sockets.claim(registered(connection), this.maxSocketsPerUser, this.nowMs());
    if (claimed || !this.connections.has(connection)) return;
    connection.socket.close(TRY_AGAIN_LATER_CLOSE, 'too many open connections');
    this.drop(connection);
  }

  /** Sessions were forgotten: sockets on them are checked again, and closed if the session ended. */
  sessionsForgotten(forgotten: { userId: string } | { sessionId: string }): void {
    for (const connection of this.connections) {
      const concerned =
        'userId' in forgotten ? connection.viewer.userId === forgotten.userId : connection.viewer.sessionId === forgotten.sessionId;
      if (concerned) void this.recheckSession(connection);
    }
  }

  /** Drops sockets that did not answer the last ping, pings the rest and checks the sessions due to expire. */
  async heartbeat(): Promise<void> {
    const now = this.nowMs();
    const checks: Promise<void>[] = [];
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        this.drop(connection);
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
      if (connection.expiresAt.getTime() <= now) checks.push(this.recheckSession(connection));
    }
    checks.push(this.options.sockets?.renew([...this.connections].map(registered), now) ?? Promise.resolve());
    await Promise.all(checks);
  }

  /** How many sockets this instance holds. */
  get size(): number {
    return this.connections.size;
  }

  /** Closes every socket as the server goes away; clients reconnect to another instance or after the restart. */
  close(): void {
    clearInterval(this.heartbeatTimer);
    for (const connection of this.connections) {
      connection.socket.close(GOING_AWAY_CLOSE, 'server shutting down');
      void this.options.sockets?.release(registered(connection));
    }
    this.connections.clear();
    this.byChannel.clear();
  }

  private nowMs(): number {
    return (this.options.now ?? (() => new Date()))().getTime();
  }

  private socketsOf(userId: string): number {
    let count = 0;
    for (const connection of this.connections) if (connection.viewer.userId === userId) count += 1;
    return count;
  }

  /** Counts a frame in its socket's window; false (and the socket closed) once the socket sent too many. */
  private countFrame(connection: Connection): boolean {
    if (!this.connections.has(connection)) return false;
    const now = this.nowMs();
    if (now - connection.windowStartedAt >= FRAME_WINDOW_MS) {
      connection.windowStartedAt = now;
      connection.frames = 0;
    }
    connection.frames += 1;
    if (connection.frames <= this.maxFramesPerWindow) return true;
    this.closeAbusive(connection, 'too many messages');
    return false;
  }

  private closeAbusive(connection: Connection, reason: string): void {
    this.options.logger.warn({ userId: connection.viewer.userId, reason }, 'realtime: closing an abusive socket');
    connection.socket.close(REALTIME_POLICY_CLOSE, reason);
    this.drop(connection);
  }

  /** Answers a refused frame; a socket refused too often is closed. */
  private refuse(connection: Connection, error: AppError, channel?: RealtimeChannel): void {
    connection.refusals += 1;
    if (connection.refusals > this.maxRefusals) this.closeAbusive(connection, 'too many refused messages');
    else this.sendError(connection, error, channel);
  }

  private async receive(connection: Connection, text: string | null): Promise<void> {
    if (!this.connections.has(connection)) return;
    let parsed: unknown = null;
    try {
      parsed = text === null ? null : JSON.parse(text);
    } catch {
      // Answered as invalid below.
    }
    const message = realtimeClientMessageSchema.safeParse(parsed);
    if (!message.success) return this.refuse(connection, errors.realtimeInvalidMessage());
    const { channel } = message.data;
    if (message.data.type === 'unsubscribe') return this.leave(connection, channel);
    if (connection.channels.has(channel)) return this.send(connection, { type: 'subscribed', channel });
    if (connection.channels.size >= this.maxChannels) return this.refuse(connection, errors.realtimeTooManyChannels(), channel);
    const [kind, id] = channel.split(':') as [string, string];
    const authorizer = this.authorizers.get(kind);
    if (!authorizer || !(await authorizer(connection.viewer, id))) {
      return this.refuse(connection, errors.realtimeChannelForbidden(), channel);
    }
    if (!this.connections.has(connection)) return;
    connection.channels.add(channel);
    const followers = this.byChannel.get(channel) ?? new Set();
    followers.add(connection);
    this.byChannel.set(channel, followers);
    this.send(connection, { type: 'subscribed', channel });
  }

  private deliverHere(channel: RealtimeChannel, text: string): void {
    for (const connection of this.byChannel.get(channel) ?? []) this.sendText(connection, text);
  }

  private async recheckSession(connection: Connection): Promise<void> {
    let session: { viewer: Viewer; expiresAt: Date } | null;
    try {
      session = await this.options.resolveSession(connection.token);
    } catch (error) {
      // The database did not answer: keep the socket; the next check tries again.
      this.options.logger.warn({ err: error }, 'realtime: could not check a session');
      return;
    }
    if (!session) {
      connection.socket.close(REALTIME_POLICY_CLOSE, 'session ended');
      this.drop(connection);
      return;
    }
    connection.viewer = session.viewer;
    connection.expiresAt = session.expiresAt;
  }

  private send(connection: Connection, message: RealtimeServerMessage): void {
    this.sendText(connection, JSON.stringify(message));
  }

  private sendError(connection: Connection, error: AppError, channel?: RealtimeChannel): void {
    this.send(connection, { type: 'error', ...(channel ? { channel } : {}), error: error.toBody() });
  }

  private sendText(connection: Connection, text: string): void {
    if (connection.socket.bufferedAmount > this.maxBufferedBytes) {
      this.options.logger.info({ userId: connection.viewer.userId }, 'realtime: dropping a reader that fell behind');
      connection.socket.terminate();
      this.drop(connection);
      return;
    }
    connection.socket.send(text);
  }

  private leave(connection: Connection, channel: RealtimeChannel): void {
    connection.channels.delete(channel);
    const followers = this.byChannel.get(channel);
    followers?.delete(connection);
    if (followers?.size === 0) this.byChannel.delete(channel);
  }

  private drop(connection: Connection): void {
    if (!this.connections.delete(connection)) return;
    for (const channel of connection.channels) this.leave(connection, channel);
    void this.options.sockets?.release(registered(connection));
  }
}
