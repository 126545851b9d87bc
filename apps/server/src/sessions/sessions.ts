import { createHash, randomBytes } from 'node:crypto';
import { type AccountSession, DAY_MS } from '@aurum/core';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Bus } from '../bus/bus.js';
import type { Database } from '../db/database.js';
import { sessions, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { Viewer } from '../http/viewer.js';
import { describeDevice } from './device.js';

export const SESSION_COOKIE = 'aurum_session';
export const SESSION_TTL_MS = 30 * DAY_MS;
/** The session cookie's attributes, the same wherever it is set or cleared (a clear with others would not match it). */
export const sessionCookieOptions = (secure: boolean) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure });
/** A session's expiry slides forward at most once per this interval, to keep reads cheap. */
const SESSION_REFRESH_MS = DAY_MS;
/**
 * How long a resolved session is trusted without the database. Changes are forgotten at once
 * on this instance and, through the bus, on the others; if the bus loses a message (Redis
 * down), another instance may act on old labels or a signed-out session for at most this long.
 */
export const SESSION_CACHE_MS = 10_000;
const SESSION_CACHE_SIZE = 10_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where instances tell each other which sessions to forget. */
const FORGET_CHANNEL = 'sessions.forget';
/** What was forgotten: every session of a user (a label, a disabled account) or one session (a sign-out). */
export type SessionsForgotten = { userId: string } | { sessionId: string };

export class SessionStore {
  /**
   * Resolved sessions by token, oldest first. Keyed by the token itself, held only in this
   * process's memory, so a request it answers costs no hashing; the database keeps hashes only.
   */
  private readonly cache = new Map<string, { viewer: Viewer; expiresAt: Date; until: number }>();
  /** Counts forgets, so a read that overlapped one does not put back what it forgot. */
  private epoch = 0;
  private readonly forgetListeners: ((forgotten: SessionsForgotten) => void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly bus: Bus,
  ) {
    bus.subscribe(FORGET_CHANNEL, (message) => this.forgetHere(JSON.parse(message) as SessionsForgotten));
  }

  /** Creates a session and returns the token for the cookie; only its hash is stored. */
  async create(
    userId: string,
    meta: { ip?: string; userAgent?: string; secondFactorAt?: Date },
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await this.db.insert(sessions).values({
      id: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
      secondFactorAt: meta.secondFactorAt ?? null,
    });
    return { token, expiresAt };
  }

  /**
   * The signed-in viewer for a cookie token, or null when the session is unknown, expired or its
   * account disabled. A resolved viewer is kept for SESSION_CACHE_MS (never past the session's
   * expiry), so most requests skip the database; whatever changes a viewer (sign-out, a label,
   * disabling the account) calls `forgetUser` or `deleteByToken` after it is committed.
   */
  async resolve(token: string): Promise<Viewer | null> {
    return (await this.resolveSession(token))?.viewer ?? null;
  }

  /** The viewer and the session's current expiry (it slides forward as the session is used), or null. */
  async resolveSession(token: string): Promise<{ viewer: Viewer; expiresAt: Date } | null> {
    const now = this.now().getTime();
    const cached = this.cache.get(token);
    if (cached && cached.until > now) return { viewer: cached.viewer, expiresAt: cached.expiresAt };
    if (cached) this.cache.delete(token);
    const epoch = this.epoch;
    const resolved = await this.load(hashToken(token));
    // Something was forgotten while this read ran: the row may predate it, so it is not kept.
    if (resolved && epoch === this.epoch) {
      if (this.cache.size >= SESSION_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(token, {
        viewer: resolved.viewer,
        expiresAt: resolved.expiresAt,
        until: Math.min(now + SESSION_CACHE_MS, resolved.expiresAt.getTime()),
      });
    }
    return resolved;
  }

  /** Drops every remembered session of this user on every instance, so the next request reads its labels and state afresh. */
  forgetUser(userId: string): void {
    this.forgetEverywhere({ userId });
  }

  /** Called on every instance whenever sessions are forgotten, for what holds a session longer than a request (open websockets). */
  onForget(listener: (forgotten: SessionsForgotten) => void): void {
    this.forgetListeners.push(listener);
  }

  private forgetEverywhere(message: SessionsForgotten): void {
    this.forgetHere(message);
    this.bus.publish(FORGET_CHANNEL, JSON.stringify(message));
  }

  private forgetHere(message: SessionsForgotten): void {
    this.epoch++;
    const forgotten = (viewer: Viewer) =>
      'sessionId' in message ? viewer.sessionId === message.sessionId : viewer.userId === message.userId;
    for (const [token, entry] of this.cache) if (forgotten(entry.viewer)) this.cache.delete(token);
    for (const listener of this.forgetListeners) listener(message);
  }

  private async load(id: string): Promise<{ viewer: Viewer; expiresAt: Date } | null> {
    const now = this.now();
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        userId: users.id,
        email: users.email,
        labels: users.labels,
        secondFactorAt: sessions.secondFactorAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), isNull(users.disabledAt)))
      .limit(1);
    if (!row) return null;
    let expiresAt = row.expiresAt;
    if (now.getTime() - row.lastSeenAt.getTime() > SESSION_REFRESH_MS) {
      expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await this.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
    }
    const { userId, sessionId, email, labels, secondFactorAt } = row;
    return { viewer: { userId, sessionId, email, labels, secondFactorAt }, expiresAt };
  }

  /**
   * Marks the session used at `at`: the app's heartbeat, so where a member is signed in reads
   * the same last activity as their "last online" (requests alone refresh it once a day).
   */
  async touch(sessionId: string, at: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
  }

  /** Records that the session passed a second factor now; every instance reads it afresh. */
  async markSecondFactor(sessionId: string): Promise<Date> {
    const at = this.now();
    await this.db.update(sessions).set({ secondFactorAt: at }).where(eq(sessions.id, sessionId));
    this.forgetEverywhere({ sessionId });
    return at;
  }

  async deleteByToken(token: string): Promise<void> {
    const id = hashToken(token);
    await this.db.delete(sessions).where(eq(sessions.id, id));
    this.forgetEverywhere({ sessionId: id });
  }

  /** Where the viewer is signed in: every live session of theirs, the most recently used first. */
  async listForViewer(viewer: Viewer): Promise<AccountSession[]> {
    const rows = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, viewer.userId), gt(sessions.expiresAt, this.now())))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), desc(sessions.id));
    return rows.map((row) => ({
      id: row.id,
      current: row.id === viewer.sessionId,
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastSeenAt.toISOString(),
      ip: row.ip,
      ...describeDevice(row.userAgent),
    }));
  }

  /** Ends one of the user's sessions (404 for any other, theirs or not); its device is signed out at its next request. */
  async endForUser(userId: string, sessionId: string): Promise<void> {
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw errors.notFound('Session');
    this.forgetEverywhere({ sessionId });
  }

  /** Ends every session of the user but `keepSessionId`; answers how many ended. */
  async endOthers(userId: string, keepSessionId: string): Promise<number> {
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
      .returning({ id: sessions.id });
    for (const { id } of ended) this.forgetEverywhere({ sessionId: id });
    return ended.length;
  }

  async deleteAllForUser(userId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
    this.forgetUser(userId);
  }
}
