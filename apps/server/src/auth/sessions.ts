import { createHash, randomBytes } from 'node:crypto';
import { DAY_MS } from '@aurum/core';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { sessions, users } from '../db/schema.js';
import type { Viewer } from '../http/viewer.js';

export const SESSION_COOKIE = 'aurum_session';
export const SESSION_TTL_MS = 30 * DAY_MS;
/** A session's expiry slides forward at most once per this interval, to keep reads cheap. */
const SESSION_REFRESH_MS = DAY_MS;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** Creates a session and returns the token for the cookie; only its hash is stored. */
  async create(userId: string, meta: { ip?: string; userAgent?: string }): Promise<{ token: string; expiresAt: Date }> {
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
    });
    return { token, expiresAt };
  }

  /** The signed-in viewer for a cookie token, or null when the session is unknown, expired or its account disabled. */
  async resolve(token: string): Promise<Viewer | null> {
    const now = this.now();
    const id = hashToken(token);
    const [row] = await this.db
      .select({ sessionId: sessions.id, userId: users.id, email: users.email, labels: users.labels, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), isNull(users.disabledAt)))
      .limit(1);
    if (!row) return null;
    if (now.getTime() - row.lastSeenAt.getTime() > SESSION_REFRESH_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
        .where(eq(sessions.id, id));
    }
    return { userId: row.userId, sessionId: row.sessionId, email: row.email, labels: row.labels };
  }

  async deleteByToken(token: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  }

  async deleteAllForUser(userId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }
}
