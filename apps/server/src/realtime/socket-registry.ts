import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** One open socket of a user, named uniquely across instances. */
export interface RegisteredSocket {
  userId: string;
  socketId: string;
}

/**
 * The sockets each user holds on every instance together, so the limit per user holds however
 * many instances share the traffic. Entries carry an expiry that the holding instance renews on
 * its heartbeat: the sockets of an instance that died are forgotten after `ttlMs`.
 */
export interface SocketRegistry {
  /** Counts the socket unless the user holds `max` already; false when refused. */
  claim(socket: RegisteredSocket, max: number, nowMs: number): Promise<boolean>;
  release(socket: RegisteredSocket): Promise<void>;
  /** Renews the instance's open sockets. */
  renew(sockets: readonly RegisteredSocket[], nowMs: number): Promise<void>;
}

/** Drops expired entries, then adds the socket if the user is under the limit; 1 when added. */
const CLAIM_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/**
 * The registry in Redis: a sorted set per user of socket ids scored by when they expire. When
 * Redis cannot answer, a socket is let in (the limit guards against waste, and realtime should
 * not stop with Redis) and the failure logged.
 */
export class RedisSocketRegistry implements SocketRegistry {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
    private readonly logger: Logger,
  ) {}

  async claim({ userId, socketId }: RegisteredSocket, max: number, nowMs: number): Promise<boolean> {
    try {
      const added = await this.redis.eval(CLAIM_SCRIPT, 1, this.keyOf(userId), nowMs, nowMs + this.ttlMs, max, socketId, this.ttlMs);
      return added === 1;
    } catch (error) {
      this.logger.warn({ err: error }, 'realtime: could not count a socket in Redis; letting it in');
      return true;
    }
  }

  async release({ userId, socketId }: RegisteredSocket): Promise<void> {
    await this.redis.zrem(this.keyOf(userId), socketId).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'realtime: could not release a socket in Redis; it expires');
    });
  }

  async renew(sockets: readonly RegisteredSocket[], nowMs: number): Promise<void> {
    if (sockets.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const { userId, socketId } of sockets) {
      pipeline.zadd(this.keyOf(userId), 'XX', nowMs + this.ttlMs, socketId);
      pipeline.pexpire(this.keyOf(userId), this.ttlMs);
    }
    await pipeline.exec().catch((error: unknown) => {
      this.logger.warn({ err: error }, 'realtime: could not renew sockets in Redis');
    });
  }

  private keyOf(userId: string): string {
    return `${this.prefix}sockets:${userId}`;
  }
}
