import { randomBytes } from 'node:crypto';
import { DAY_MS, generateId, hasRole, ROLE, randomAvatarColor, SIGN_IN_CODE_MAX_ATTEMPTS, SIGN_IN_CODE_TTL_MS } from '@aurum/core';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { profiles, signInCodes, userData, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { signInCodeMail } from '../mail/templates.js';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.js';
import type { SessionStore } from '../sessions/sessions.js';
import { generateSignInCode, hashSignInCode, remainingAttempts, signInCodeMatches, signInCodeState } from './codes.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const AUTH_RATE_RULES = {
  codeRequestPerAddress: { limit: 5, windowMs: FIFTEEN_MINUTES },
  codeRequestPerIp: { limit: 30, windowMs: FIFTEEN_MINUTES },
  codeSubmitPerIp: { limit: 60, windowMs: FIFTEEN_MINUTES },
  /**
   * Wrong codes per address across every code it is sent: each code allows 5 tries and a
   * new code may be asked for, so without this a patient guesser spread over many
   * addresses of their own would get thousands of tries a month at one account.
   */
  wrongCodesPerAddress: { limit: 20, windowMs: DAY_MS },
} satisfies Record<string, RateRule>;

export interface AuthServiceDeps {
  db: Database;
  mailer: Mailer;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  logger: Logger;
  now: () => Date;
  secret: string;
  adminEmails: string[];
  publicUrl: string;
}

const invalidCode = (attemptsLeft?: number) =>
  errors.signInCodeInvalid({
    message:
      attemptsLeft === undefined ? undefined : `That code is not right. ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`,
  });

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * Starts a sign-in: replaces any pending code for the address and mails a new one.
   * The answer is the same whether the address is known, new or disabled, so it reveals nothing.
   */
  async requestCode(email: string, ip: string): Promise<{ challengeId: string }> {
    const { db, rateLimiter, now, secret, logger } = this.deps;
    await rateLimiter.hit(`code-request:ip:${ip}`, AUTH_RATE_RULES.codeRequestPerIp);
    await rateLimiter.hit(`code-request:address:${email}`, AUTH_RATE_RULES.codeRequestPerAddress);

    const [existing] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.email, email)).limit(1);
    const challengeId = randomBytes(18).toString('base64url');
    const code = generateSignInCode();
    const values = {
      id: challengeId,
      email,
      codeHash: hashSignInCode(secret, challengeId, code),
      attempts: 0,
      createdAt: now(),
      expiresAt: new Date(now().getTime() + SIGN_IN_CODE_TTL_MS),
    };
    await db.insert(signInCodes).values(values).onConflictDoUpdate({ target: signInCodes.email, set: values });

    if (existing?.disabledAt) {
      logger.info('sign-in code requested for a disabled account; nothing sent');
      return { challengeId };
    }
    const minutes = Math.round(SIGN_IN_CODE_TTL_MS / 60000);
    await this.deps.mailer.send(signInCodeMail(email, code, minutes, this.deps.publicUrl));
    if (!this.deps.mailer.delivers) logger.info(`sign-in code for ${email}: ${code}`);
    return { challengeId };
  }

  /**
   * Checks a submitted code and signs the user in, creating the account on first sign-in.
   * Each try is counted atomically before the comparison, so parallel guesses cannot
   * exceed the limit; a matching code is consumed by deleting it, so it works once.
   */
  async signIn(
    challengeId: string,
    code: string,
    meta: { ip: string; userAgent?: string; replacesToken?: string },
  ): Promise<{ userId: string; token: string; expiresAt: Date }> {
    const { db, rateLimiter, now, secret } = this.deps;
    await rateLimiter.hit(`code-submit:ip:${meta.ip}`, AUTH_RATE_RULES.codeSubmitPerIp);

    const [attempt] = await db
      .update(signInCodes)
      .set({ attempts: sql`${signInCodes.attempts} + 1` })
      .where(and(eq(signInCodes.id, challengeId), gt(signInCodes.expiresAt, now()), lt(signInCodes.attempts, SIGN_IN_CODE_MAX_ATTEMPTS)))
      .returning();
    if (!attempt) {
      const [row] = await db.select().from(signInCodes).where(eq(signInCodes.id, challengeId)).limit(1);
      const state = signInCodeState(row, now());
      if (state === 'expired') {
        await db.delete(signInCodes).where(eq(signInCodes.id, challengeId));
        throw errors.signInCodeExpired();
      }
      if (state === 'exhausted') throw errors.signInCodeAttemptsExceeded();
      throw invalidCode();
    }
    const wrongCodesKey = `code-wrong:address:${attempt.email}`;
    if (await rateLimiter.isExhausted(wrongCodesKey, AUTH_RATE_RULES.wrongCodesPerAddress)) {
      await db.delete(signInCodes).where(eq(signInCodes.id, challengeId));
      throw errors.signInAddressLocked();
    }
    if (!signInCodeMatches(secret, challengeId, code, attempt.codeHash)) {
      await rateLimiter.count(wrongCodesKey, AUTH_RATE_RULES.wrongCodesPerAddress);
      const left = remainingAttempts(attempt.attempts);
      if (left === 0) throw errors.signInCodeAttemptsExceeded();
      throw invalidCode(left);
    }
    const consumed = await db.delete(signInCodes).where(eq(signInCodes.id, challengeId)).returning({ email: signInCodes.email });
    if (consumed.length === 0) throw invalidCode();

    const user = await this.findOrCreateUser(attempt.email);
    if (user.disabledAt) throw invalidCode();
    if (meta.replacesToken) await this.deps.sessions.deleteByToken(meta.replacesToken);
    const session = await this.deps.sessions.create(user.id, meta);
    return { userId: user.id, ...session };
  }

  async signOut(token: string): Promise<void> {
    await this.deps.sessions.deleteByToken(token);
  }

  /** The account for an address, created with its profile and data rows on first sign-in. */
  private async findOrCreateUser(email: string) {
    const { db, adminEmails } = this.deps;
    const isAdmin = adminEmails.includes(email);
    return db.transaction(async (tx) => {
      const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
      if (existing) {
        const labels = existing.labels;
        if (isAdmin && !hasRole(labels, ROLE.admins) && !existing.disabledAt) {
          const [updated] = await tx
            .update(users)
            .set({ labels: [...labels, ROLE.admins], emailVerified: true })
            .where(eq(users.id, existing.id))
            .returning();
          return updated ?? existing;
        }
        if (!existing.emailVerified) await tx.update(users).set({ emailVerified: true }).where(eq(users.id, existing.id));
        return existing;
      }
      const id = generateId();
      const [created] = await tx
        .insert(users)
        .values({ id, email, labels: isAdmin ? [ROLE.admins] : [], emailVerified: true })
        .returning();
      await tx.insert(profiles).values({ userId: id, avatarColor: randomAvatarColor() });
      await tx.insert(userData).values({ userId: id });
      if (!created) throw new Error('user insert returned nothing');
      return created;
    });
  }
}
