/**
 * Lets a thing happen at most once per interval for each key, in this process's memory: for
 * announcements that are worth nothing when repeated (typing), where dropping extras quietly is
 * the right answer and a database counter would cost more than the event. Old keys are forgotten
 * once more than `maxKeys` are held.
 */
export class MinInterval {
  private readonly lastAt = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Whether `key` may go now (and, if so, it counts from now). */
  allow(key: string, nowMs: number): boolean {
    const last = this.lastAt.get(key);
    if (last !== undefined && nowMs - last < this.intervalMs) return false;
    this.lastAt.delete(key);
    this.lastAt.set(key, nowMs);
    if (this.lastAt.size > this.maxKeys) this.forgetOld(nowMs);
    return true;
  }

  /** Drops the keys whose interval has passed; if all are recent, the oldest half (the map keeps insertion order). */
  private forgetOld(nowMs: number): void {
    for (const [key, at] of this.lastAt) if (nowMs - at >= this.intervalMs) this.lastAt.delete(key);
    if (this.lastAt.size <= this.maxKeys) return;
    let toDrop = Math.ceil(this.lastAt.size / 2);
    for (const key of this.lastAt.keys()) {
      if (toDrop-- <= 0) break;
      this.lastAt.delete(key);
    }
  }
}
