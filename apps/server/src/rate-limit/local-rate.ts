import type { RateRule } from './rate-limiter.js';

/**
 * At most `limit` times per window for each key, in this process's memory: for what is worth
 * nothing when repeated (typing announcements) or costly enough to fall back to something cheaper
 * (the home page drawn on the server), where the answer to an extra is quiet and a database
 * counter would cost more than the thing it guards. Each instance counts its own. Old keys are
 * forgotten once more than `maxKeys` are held.
 */
export class LocalRate {
  private readonly windows = new Map<string, { startedAt: number; hits: number }>();

  constructor(
    private readonly rule: RateRule,
    private readonly maxKeys = 10_000,
  ) {}

  /** Whether `key` may go now (and, if so, it is counted); a key's window opens with its first hit. */
  allow(key: string, nowMs: number): boolean {
    const window = this.windows.get(key);
    if (window && nowMs - window.startedAt < this.rule.windowMs) {
      if (window.hits >= this.rule.limit) return false;
      window.hits++;
      return true;
    }
    this.windows.delete(key);
    this.windows.set(key, { startedAt: nowMs, hits: 1 });
    if (this.windows.size > this.maxKeys) this.forgetOld(nowMs);
    return true;
  }

  /** Drops the keys whose window has passed; if all are recent, the oldest half (the map keeps insertion order). */
  private forgetOld(nowMs: number): void {
    for (const [key, window] of this.windows) if (nowMs - window.startedAt >= this.rule.windowMs) this.windows.delete(key);
    if (this.windows.size <= this.maxKeys) return;
    let toDrop = Math.ceil(this.windows.size / 2);
    for (const key of this.windows.keys()) {
      if (toDrop-- <= 0) break;
      this.windows.delete(key);
    }
  }
}
