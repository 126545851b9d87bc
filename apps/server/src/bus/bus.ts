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

/** Channel names carry this prefix, so one Redis can serve other software too. */
const CHANNEL_PREFIX = 'aurum:';

export class RedisBus implements Bus {
  private readonly handlers = new Map<string, ((message: string) => void)[]>();
  private readonly subscribed: Promise<unknown>[] = [];

  constructor(
    private readonly publisher: Redis,
    // A connection in subscriber mode can do nothing else, hence a second one.
    private readonly subscriber: Redis,
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
    this.publisher.publish(CHANNEL_PREFIX + channel, message).catch((error) => {
      this.logger.warn({ err: error, channel }, 'Could not publish to Redis; other instances catch up when their caches expire');
    });
  }

  subscribe(channel: string, handler: (message: string) => void): void {
    const name = CHANNEL_PREFIX + channel;
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

export async function createBus(redisUrl: string | undefined, logger: Logger): Promise<Bus> {
  if (!redisUrl) return new LocalBus();
  // ioredis loads only when there is a Redis to talk to.
  const { Redis } = await import('ioredis');
  return new RedisBus(new Redis(redisUrl), new Redis(redisUrl), logger);
}
