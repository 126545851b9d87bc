import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Messages between the server's instances: what one instance changes that others keep in
 * memory (cached sessions now; chat's realtime events later). One instance needs no broker
 * (`LocalBus`); several share Redis pub/sub (`RedisBus`, when REDIS_URL is set). Delivery is
 * at most once and also reaches the sender, so handlers must be idempotent.
 */
export interface Bus {
  /** Sends without waiting; a broker that is down is logged, never thrown into the request. */
  publish(channel: string, message: string): void;
  subscribe(channel: string, handler: (message: string) => void): void;
  /** Resolves once every subscription so far is in place at the broker (or failed, which is logged). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export class LocalBus implements Bus {
  private readonly emitter = new EventEmitter();

  publish(channel: string, message: string): void {
    this.emitter.emit(channel, message);
  }

  subscribe(channel: string, handler: (message: string) => void): void {
    this.emitter.on(channel, handler);
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class RedisBus implements Bus {
  private readonly handlers = new Map<string, ((message: string) => void)[]>();
  private readonly subscribed: Promise<unknown>[] = [];

  constructor(
    /** Also the instance's connection for commands (rate counters): closed with the bus. */
    readonly publisher: Redis,
    // A connection in subscriber mode can do nothing else, hence a second one.
    private readonly subscriber: Redis,
    /** Channel names carry the deployment's prefix (REDIS_PREFIX), so one Redis can serve several. */
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error) => logger.warn({ err: error }, 'Redis connection error; retrying'));
    }
    this.subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
  }

  publish(channel: string, message: string): void {
    this.publisher.publish(this.prefix + channel, message).catch((error) => {
      this.logger.warn({ err: error, channel }, 'Could not publish to Redis; other instances catch up when their caches expire');
    });
  }

  subscribe(channel: string, handler: (message: string) => void): void {
    const name = this.prefix + channel;
    const existing = this.handlers.get(name);
    if (existing) return void existing.push(handler);
    this.handlers.set(name, [handler]);
    this.subscribed.push(
      this.subscriber.subscribe(name).catch((error) => this.logger.warn({ err: error, channel }, 'Could not subscribe to Redis')),
    );
  }

  async ready(): Promise<void> {
    await Promise.all(this.subscribed);
  }

  async close(): Promise<void> {
    // Not quit(): with Redis down it would wait for a reconnect that may never come.
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

export async function createBus(redis: { url: string; prefix: string } | undefined, logger: Logger): Promise<LocalBus | RedisBus> {
  if (!redis) return new LocalBus();
  // ioredis loads only when there is a Redis to talk to.
  const { Redis } = await import('ioredis');
  // A command waits for at most one reconnect: with Redis down, a rate count falls back to the database at once.
  return new RedisBus(new Redis(redis.url, { maxRetriesPerRequest: 1 }), new Redis(redis.url), redis.prefix, logger);
}
