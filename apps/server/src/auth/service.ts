import { createHash, randomBytes } from 'node:crypto';
import {
  DAY_MS,
  generateId,
  hasRole,
  ROLE,
  randomAvatarColor,
  type SecondFactorMethod,
  SIGN_IN_CODE_MAX_ATTEMPTS,
  SIGN_IN_CODE_TTL_MS,
} from '@aurum/core';
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import { profiles, signInCodes, signInTickets, userData, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { signInCodeMail } from '../mail/templates.js';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.js';
import type { PasskeyAnswer } from '../second-factor/passkeys.js';
import type { SecondFactorProof, SecondFactors } from '../second-factor/service.js';
import type { SessionStore } from '../sessions/sessions.js';
import {
  generateSignInCode,
  generateSignInLinkToken,
  hashSignInCode,
  hashSignInLinkToken,
  remainingAttempts,
  signInCodeMatches,
  signInCodeState,
  signInLinkTokenMatches,
  signInLinkUrl,
} from './codes.js';
import type { KnownDevices } from './known-devices.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/**
 * The limits of signing in. None of them can keep an address's owner out: each request is its
 * own challenge (nobody's request voids another's code), and every mail carries a link whose
 * token cannot be guessed, which no limit on codes refuses. So the limits on what anyone may
 * do to an address (codes mailed to it, wrong codes tried for it) can stay tight.
 */
export const AUTH_RATE_RULES = {
  codeRequestPerIp: { limit: 30, windowMs: FIFTEEN_MINUTES },
  /** One client asking again for the same address: answered with the wait, like any rate limit. */
  codeRequestPerAddressAndIp: { limit: 5, windowMs: FIFTEEN_MINUTES },
  /** Mails to one address from every client together, so nobody can flood a mailbox. */
  codeRequestPerAddress: { limit: 10, windowMs: FIFTEEN_MINUTES },
  codeSubmitPerIp: { limit: 60, windowMs: FIFTEEN_MINUTES },
  /**
   * Wrong codes per address across every code it is sent: each code allows 5 tries and new
   * codes may be asked for, so without this a patient guesser spread over many addresses of
   * their own would get thousands of tries a month at one account. Past it, codes for the
   * address are refused for the rest of the window; its links still sign in.
   */
  wrongCodesPerAddress: { limit: 20, windowMs: DAY_MS },
} satisfies Record<string, RateRule>;

/** How long the second step of a sign-in may take, and how many wrong second factors one sign-in allows. */
const TICKET_TTL_MS = 10 * 60 * 1000;
const TICKET_MAX_ATTEMPTS = 5;

/** Pending sign-ins past their time are deleted this often (a request also deletes its address's). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface AuthServiceDeps {
  db: Database;
  devices: KnownDevices;
  secondFactors: SecondFactors;
  mailer: Mailer;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  jobs: JobQueue;
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

/** What a sign-in answers its challenge with: the mailed code, or the token of the mailed link. */
export type ChallengeAnswer = { code: string } | { linkToken: string };

/** What a browser tells of itself when it signs in. */
export interface SignInMeta {
  ip: string;
  userAgent?: string;
  /** The session cookie it already had, replaced by the new one. */
  replacesToken?: string;
  deviceToken?: string;
}

/** A started session: the cookie's token and expiry, and the device cookie's token. */
export interface StartedSession {
  userId: string;
  token: string;
  expiresAt: Date;
  deviceToken: string;
}

/** A sign-in's outcome: a session, or (for an account with a second factor) a ticket for the second step. */
export type SignInOutcome = ({ signedIn: true } & StartedSession) | { signedIn: false; ticket: string; methods: SecondFactorMethod[] };

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {
    deps.jobs.every('auth.prune', PRUNE_EVERY_MS, {
      payload: z.object({}),
      run: async () => {
        await deps.db.delete(signInCodes).where(lte(signInCodes.expiresAt, deps.now()));
        await deps.db.delete(signInTickets).where(lte(signInTickets.expiresAt, deps.now()));
      },
    });
  }

  /**
   * Starts a sign-in: a new challenge, mailed as a code and as a link. Other pending
   * challenges for the address stay valid. The answer is the same whether the address is
   * known, new or disabled, so it reveals nothing.
   */
  async requestCode(email: string, ip: string): Promise<{ challengeId: string }> {
    const { db, rateLimiter, now, secret, logger } = this.deps;
    await rateLimiter.hit(`code-request:ip:${ip}`, AUTH_RATE_RULES.codeRequestPerIp);
    await rateLimiter.hit(`code-request:address:${email}:ip:${ip}`, AUTH_RATE_RULES.codeRequestPerAddressAndIp);
    const toAddress = await rateLimiter.count(`code-request:address:${email}`, AUTH_RATE_RULES.codeRequestPerAddress);
    if (toAddress.hits > AUTH_RATE_RULES.codeRequestPerAddress.limit) {
      throw errors.signInCodeRequestsExceeded({ headers: { 'retry-after': String(Math.ceil(toAddress.retryAfterMs / 1000)) } });
    }

    const [existing] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.email, email)).limit(1);
    const challengeId = randomBytes(18).toString('base64url');
    const code = generateSignInCode();
    const linkToken = generateSignInLinkToken();
    await db.delete(signInCodes).where(and(eq(signInCodes.email, email), lte(signInCodes.expiresAt, now())));
    await db.insert(signInCodes).values({
      id: challengeId,
      email,
      codeHash: hashSignInCode(secret, challengeId, code),
      linkHash: hashSignInLinkToken(secret, challengeId, linkToken),
      attempts: 0,
      createdAt: now(),
      expiresAt: new Date(now().getTime() + SIGN_IN_CODE_TTL_MS),
    });

    if (existing?.disabledAt) {
      logger.info('sign-in code requested for a disabled account; nothing sent');
      return { challengeId };
    }
    const minutes = Math.round(SIGN_IN_CODE_TTL_MS / 60000);
    const link = signInLinkUrl(this.deps.publicUrl, challengeId, linkToken);
    await this.deps.mailer.send(signInCodeMail({ to: email, code, link, minutesValid: minutes, appUrl: this.deps.publicUrl }));
    if (!this.deps.mailer.delivers) logger.info(`sign-in code for ${email}: ${code} (or ${link})`);
    return { challengeId };
  }

  /**
   * Answers a challenge and signs the user in, creating the account on first sign-in. The
   * answer is consumed by deleting the challenge, so it works once. An account with a second
   * factor gets a ticket for the second step instead of a session.
   */
  async signIn(challengeId: string, answer: ChallengeAnswer, meta: SignInMeta): Promise<SignInOutcome> {
    const { db, rateLimiter, now } = this.deps;
    await rateLimiter.hit(`code-submit:ip:${meta.ip}`, AUTH_RATE_RULES.codeSubmitPerIp);
    if ('code' in answer) await this.checkCode(challengeId, answer.code);
    else await this.checkLinkToken(challengeId, answer.linkToken);

    const consumed = await db.delete(signInCodes).where(eq(signInCodes.id, challengeId)).returning({ email: signInCodes.email });
    const email = consumed[0]?.email;
    if (!email) throw invalidCode();
    const user = await this.findOrCreateUser(email);
    if (user.disabledAt) throw invalidCode();
    const methods = await this.deps.secondFactors.methodsOf(user.id);
    if (methods.length === 0) return { signedIn: true, ...(await this.startSession(user, meta)) };
    const ticket = randomBytes(24).toString('base64url');
    await db.insert(signInTickets).values({
      id: hashTicket(ticket),
      userId: user.id,
      createdAt: now(),
      expiresAt: new Date(now().getTime() + TICKET_TTL_MS),
    });
    return { signedIn: false, ticket, methods };
  }

  /** The second step: a second factor for the ticket's account. A wrong one counts on the ticket, which allows five. */
  async completeSignIn(ticket: string, proof: SecondFactorProof, meta: SignInMeta): Promise<StartedSession> {
    const { db, now } = this.deps;
    const [attempt] = await db
      .update(signInTickets)
      .set({ attempts: sql`${signInTickets.attempts} + 1` })
      .where(
        and(eq(signInTickets.id, hashTicket(ticket)), gt(signInTickets.expiresAt, now()), lt(signInTickets.attempts, TICKET_MAX_ATTEMPTS)),
      )
      .returning({ userId: signInTickets.userId });
    if (!attempt) throw errors.signInTicketInvalid();
    await this.deps.secondFactors.verify(attempt.userId, proof);
    const finished = await db
      .delete(signInTickets)
      .where(eq(signInTickets.id, hashTicket(ticket)))
      .returning({ id: signInTickets.id });
    const [user] = await db.select().from(users).where(eq(users.id, attempt.userId)).limit(1);
    if (finished.length === 0 || !user || user.disabledAt) throw errors.signInTicketInvalid();
    return this.startSession(user, meta, now());
  }

  /** Options to check a passkey for the second step of the ticket's sign-in. */
  async passkeyOptionsForTicket(ticket: string) {
    const [row] = await this.deps.db
      .select({ userId: signInTickets.userId })
      .from(signInTickets)
      .where(and(eq(signInTickets.id, hashTicket(ticket)), gt(signInTickets.expiresAt, this.deps.now())))
      .limit(1);
    if (!row) throw errors.signInTicketInvalid();
    return this.deps.secondFactors.passkeyOptionsToVerify(row.userId);
  }

  /** Options for signing in with a passkey alone; limited per client like code requests. */
  async passkeySignInOptions(ip: string) {
    await this.deps.rateLimiter.hit(`code-request:ip:${ip}`, AUTH_RATE_RULES.codeRequestPerIp);
    return this.deps.secondFactors.passkeySignInOptions();
  }

  /** A passkey with the device's own check (PIN, fingerprint) is both factors: it signs in at once. */
  async signInWithPasskey(answer: PasskeyAnswer, meta: SignInMeta): Promise<StartedSession> {
    await this.deps.rateLimiter.hit(`code-submit:ip:${meta.ip}`, AUTH_RATE_RULES.codeSubmitPerIp);
    const userId = await this.deps.secondFactors.passkeySignIn(answer);
    const [user] = await this.deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user || user.disabledAt) throw errors.passkeyInvalid();
    return this.startSession(user, meta, this.deps.now());
  }

  /** A new session for the user (replacing the browser's old one), and the device noted or mailed about. */
  private async startSession(user: { id: string; email: string }, meta: SignInMeta, secondFactorAt?: Date): Promise<StartedSession> {
    if (meta.replacesToken) await this.deps.sessions.deleteByToken(meta.replacesToken);
    const session = await this.deps.sessions.create(user.id, { ...meta, secondFactorAt });
    const deviceToken = await this.deps.devices.signedIn(user, { token: meta.deviceToken, ip: meta.ip, userAgent: meta.userAgent });
    return { userId: user.id, ...session, deviceToken };
  }

  /**
   * A code: each try is counted atomically before the comparison, so parallel guesses cannot
   * exceed the challenge's limit, and wrong ones count against the address for the day.
   */
  private async checkCode(challengeId: string, code: string): Promise<void> {
    const { db, rateLimiter, now, secret } = this.deps;
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
    // The challenge is kept: its link still signs the owner in.
    if (await rateLimiter.isExhausted(wrongCodesKey, AUTH_RATE_RULES.wrongCodesPerAddress)) throw errors.signInAddressLocked();
    if (!signInCodeMatches(secret, challengeId, code, attempt.codeHash)) {
      await rateLimiter.count(wrongCodesKey, AUTH_RATE_RULES.wrongCodesPerAddress);
      const left = remainingAttempts(attempt.attempts);
      if (left === 0) throw errors.signInCodeAttemptsExceeded();
      throw invalidCode(left);
    }
  }

  /** A link's token cannot be guessed, so a wrong one counts against nothing but the client's submits. */
  private async checkLinkToken(challengeId: string, token: string): Promise<void> {
    const { db, now, secret } = this.deps;
    const [row] = await db
      .select({ linkHash: signInCodes.linkHash })
      .from(signInCodes)
      .where(and(eq(signInCodes.id, challengeId), gt(signInCodes.expiresAt, now())))
      .limit(1);
    if (!row || !signInLinkTokenMatches(secret, challengeId, token, row.linkHash)) throw errors.signInLinkInvalid();
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
