import { REALTIME_POLICY_CLOSE, type RealtimeChannel, type RealtimeServerMessage, realtimeClientMessageSchema } from '@aurum/core';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { Bus } from '../bus/bus.js';
import { type AppError, errors } from '../http/errors.js';
import type { Viewer } from '../http/viewer.js';

/** Who may follow a channel of one kind (`user`, `chat`), given the part after the colon. */
export type ChannelAuthorizer = (viewer: Viewer, id: string) => boolean | Promise<boolean>;

export interface RealtimeHubOptions {
  bus: Bus;
  logger: Logger;
  /** The viewer behind a session token now, or null once the session ended or expired. */
  resolveViewer: (token: string) => Promise<Viewer | null>;
  /** Every this often, sockets that missed the last ping are dropped and the rest pinged. */
  heartbeatMs?: number;
  /** A reader this far behind is dropped (it reconnects and reads what it missed) rather than held in memory. */
  maxBufferedBytes?: number;
  maxChannelsPerSocket?: number;
}

interface Connection {
  socket: WebSocket;
  token: string;
  viewer: Viewer;
  channels: Set<RealtimeChannel>;
  /** Answered the last ping. */
  alive: boolean;
}

/** Where instances hand each other the events to deliver to their own sockets. */
const EVENTS_BUS_CHANNEL = 'realtime.events';
const GOING_AWAY_CLOSE = 1001;

/**
 * Open websockets of this instance and the channels each follows. An event is published to
 * the bus, which hands it to every instance (this one too), and each instance delivers it to
 * its own sockets on that channel. Sessions are checked again when they are forgotten
 * (sign-out, disabled account) and on every heartbeat, and a socket whose session ended is
 * closed with 1008, after which the client does not reconnect.
 */
export class RealtimeHub {
  private readonly connections = new Set<Connection>();
  private readonly byChannel = new Map<RealtimeChannel, Set<Connection>>();
  private readonly authorizers = new Map<string, ChannelAuthorizer>([['user', (viewer, id) => viewer.userId === id]]);
  private readonly heartbeatTimer: NodeJS.Timeout;
  private readonly maxBufferedBytes: number;
  private readonly maxChannels: number;

  constructor(private readonly options: RealtimeHubOptions) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.maxChannels = options.maxChannelsPerSocket ?? 200;
    options.bus.subscribe(EVENTS_BUS_CHANNEL, (message) => {
      const { channel, text } = JSON.parse(message) as { channel: RealtimeChannel; text: string };
      this.deliverHere(channel, text);
    });
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), options.heartbeatMs ?? 30_000);
    this.heartbeatTimer.unref();
  }

  /** Lets a domain decide who follows its channels (chat: the chat's two participants). */
  authorize(kind: string, authorizer: ChannelAuthorizer): void {
    this.authorizers.set(kind, authorizer);
  }

  /** Tells every instance's sockets on `channel` that `event` happened. */
  publish(channel: RealtimeChannel, event: string, data: unknown = {}): void {
    const message: RealtimeServerMessage = { type: 'event', channel, event, data };
    this.options.bus.publish(EVENTS_BUS_CHANNEL, JSON.stringify({ channel, text: JSON.stringify(message) }));
  }

  /** Takes an accepted socket of a signed-in viewer. */
  accept(socket: WebSocket, token: string, viewer: Viewer): void {
    const connection: Connection = { socket, token, viewer, channels: new Set(), alive: true };
    this.connections.add(connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data, isBinary) => void this.receive(connection, isBinary ? null : data.toString()));
    socket.on('close', () => this.drop(connection));
    socket.on('error', (error) => this.options.logger.debug({ err: error }, 'realtime socket error'));
  }

  /** Sessions were forgotten: sockets on them are checked again, and closed if the session ended. */
  sessionsForgotten(forgotten: { userId: string } | { sessionId: string }): void {
    for (const connection of this.connections) {
      const concerned =
        'userId' in forgotten ? connection.viewer.userId === forgotten.userId : connection.viewer.sessionId === forgotten.sessionId;
      if (concerned) void this.recheckSession(connection);
    }
  }

  /** Drops sockets that did not answer the last ping, pings the rest and checks their sessions. */
  async heartbeat(): Promise<void> {
    const checks: Promise<void>[] = [];
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        this.drop(connection);
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
      checks.push(this.recheckSession(connection));
    }
    await Promise.all(checks);
  }

  /** How many sockets this instance holds. */
  get size(): number {
    return this.connections.size;
  }

  /** Closes every socket as the server goes away; clients reconnect to another instance or after the restart. */
  close(): void {
    clearInterval(this.heartbeatTimer);
    for (const connection of this.connections) connection.socket.close(GOING_AWAY_CLOSE, 'server shutting down');
    this.connections.clear();
    this.byChannel.clear();
  }

  private async receive(connection: Connection, text: string | null): Promise<void> {
    let parsed: unknown = null;
    try {
      parsed = text === null ? null : JSON.parse(text);
    } catch {
      // Answered as invalid below.
    }
    const message = realtimeClientMessageSchema.safeParse(parsed);
    if (!message.success) return this.sendError(connection, errors.realtimeInvalidMessage());
    const { channel } = message.data;
    if (message.data.type === 'unsubscribe') return this.leave(connection, channel);
    if (connection.channels.has(channel)) return this.send(connection, { type: 'subscribed', channel });
    if (connection.channels.size >= this.maxChannels) return this.sendError(connection, errors.realtimeTooManyChannels(), channel);
    const [kind, id] = channel.split(':') as [string, string];
    const authorizer = this.authorizers.get(kind);
    if (!authorizer || !(await authorizer(connection.viewer, id))) {
      return this.sendError(connection, errors.realtimeChannelForbidden(), channel);
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
    const viewer = await this.options.resolveViewer(connection.token).catch((error) => {
      // The database did not answer: keep the socket; the next heartbeat checks again.
      this.options.logger.warn({ err: error }, 'realtime: could not check a session');
      return connection.viewer;
    });
    if (!viewer) {
      connection.socket.close(REALTIME_POLICY_CLOSE, 'session ended');
      this.drop(connection);
      return;
    }
    connection.viewer = viewer;
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
  }
}
