import type { IncomingHttpHeaders } from 'node:http';
import {
  DAY_MS,
  generateId,
  hasRole,
  type ManualVerificationResult,
  ROLE,
  type VerificationSession,
  type VerificationStatus,
  type VerificationSummary,
} from '@aurum/core';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AdminActor, AuditLog } from '../audit/audit-log.js';
import { lockUser, markIdentityVerified } from '../creators/completion.js';
import type { Database } from '../db/database.js';
import { profiles, userData, users, verificationEvents, verificationRequests } from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { ProviderEvent, VerificationProvider } from './provider.js';

/** A user may start this many verification sessions a day; each one can cost money at the provider. */
const SESSIONS_PER_DAY = 10;

/** Approved and expired sessions are settled: later events for them change nothing. */
const SETTLED: ReadonlySet<string> = new Set<VerificationStatus>(['approved', 'expired']);

export type WebhookOutcome = 'applied' | 'duplicate' | 'unchanged' | 'ignored' | 'unknown_session';

export interface VerificationServiceDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  rateLimiter: RateLimiter;
  /** The configured provider; null when identity verification is off. */
  provider: VerificationProvider | null;
  /** Told after a change that may have granted the creators label is committed, so cached sessions read it afresh. */
  accountChanged: (userId: string) => void;
  /** Records the admin's manual verification in the same transaction. */
  audit: AuditLog;
}

type RequestRow = typeof verificationRequests.$inferSelect;

const toSummary = (row: RequestRow): VerificationSummary => ({
  requestId: row.id,
  provider: row.provider,
  status: row.status as VerificationStatus,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Identity and age verification: one verification request per provider session, its
 * status moved only by signed provider webhooks or an admin, and every change kept as
 * a verification event. Approval marks the identity verified and may make the user a creator.
 */
export class VerificationService {
  constructor(private readonly deps: VerificationServiceDeps) {}

  get provider(): VerificationProvider | null {
    return this.deps.provider;
  }

  /** Starts a session with the provider; the caller checked that the user may. */
  async startSession(userId: string, input: { sessionType?: string; returnUrl: string }): Promise<VerificationSession> {
    const { db, now, logger, rateLimiter, provider } = this.deps;
    if (!provider) throw errors.verificationUnavailable();
    await rateLimiter.hit(`verification-session:${userId}`, { limit: SESSIONS_PER_DAY, windowMs: DAY_MS });
    const sessionType = input.sessionType ?? 'age';
    const requestId = generateId(now().getTime());
    let session: { providerSessionId: string; url: string };
    try {
      session = await provider.createSession({ requestId, userId, sessionType, returnUrl: input.returnUrl });
    } catch (error) {
      logger.error({ err: error, provider: provider.name }, 'verification provider could not start a session');
      throw errors.verificationProviderError();
    }
    const createdAt = now();
    await db.transaction(async (tx) => {
      await tx.insert(verificationRequests).values({
        id: requestId,
        userId,
        provider: provider.name,
        providerSessionId: session.providerSessionId,
        sessionType,
        status: 'pending',
        providerUrl: session.url,
        createdAt,
        updatedAt: createdAt,
      });
      await tx.insert(verificationEvents).values({
        id: generateId(createdAt.getTime()),
        requestId,
        status: 'pending',
        source: 'app',
        payload: { providerSessionId: session.providerSessionId },
        createdAt,
      });
    });
    return { requestId, provider: provider.name, status: 'pending', url: session.url };
  }

  /** A provider's webhook: 404 for a provider that is not configured, 400 for a bad signature. */
  async handleWebhook(providerName: string, headers: IncomingHttpHeaders, rawBody: Buffer): Promise<WebhookOutcome> {
    const { provider, logger } = this.deps;
    if (!provider || provider.name !== providerName) throw errors.notFound('Verification provider');
    const event = provider.parseWebhook(headers, rawBody);
    if (!event) return 'ignored';
    const outcome = await this.applyEvent(provider.name, event);
    if (outcome === 'unknown_session') {
      logger.warn({ provider: provider.name, providerSessionId: event.providerSessionId }, 'verification webhook for an unknown session');
    }
    return outcome;
  }

  /**
   * Applies a provider's verdict once. The request row is locked, so concurrent deliveries
   * of one event run one after the other; an event id already recorded changes nothing.
   */
  private async applyEvent(providerName: string, event: ProviderEvent): Promise<WebhookOutcome> {
    const { db, now } = this.deps;
    let approvedUserId: string | null = null;
    const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
      const [request] = await tx
        .select()
        .from(verificationRequests)
        .where(and(eq(verificationRequests.provider, providerName), eq(verificationRequests.providerSessionId, event.providerSessionId)))
        .for('update');
      if (!request) return 'unknown_session';
      const [seen] = await tx
        .select({ id: verificationEvents.id })
        .from(verificationEvents)
        .where(and(eq(verificationEvents.requestId, request.id), sql`${verificationEvents.payload}->>'providerEventId' = ${event.eventId}`))
        .limit(1);
      if (seen) return 'duplicate';
      if (SETTLED.has(request.status) || request.status === event.status) return 'unchanged';
      await lockUser(tx, request.userId);
      const at = now();
      await tx
        .update(verificationRequests)
        .set({ status: event.status, reason: event.reason ?? null, decidedAt: event.status === 'pending' ? null : at, updatedAt: at })
        .where(eq(verificationRequests.id, request.id));
      await tx.insert(verificationEvents).values({
        id: generateId(at.getTime()),
        requestId: request.id,
        status: event.status,
        source: 'webhook',
        payload: { providerEventId: event.eventId, ...(event.reason ? { reason: event.reason } : {}) },
        createdAt: at,
      });
      if (event.status === 'approved') {
        await markIdentityVerified(tx, request.userId, at);
        approvedUserId = request.userId;
      }
      return 'applied';
    });
    if (approvedUserId) this.deps.accountChanged(approvedUserId);
    return outcome;
  }

  async latestForUser(userId: string): Promise<VerificationSummary | null> {
    const [row] = await this.deps.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.userId, userId))
      .orderBy(desc(verificationRequests.createdAt), desc(verificationRequests.id))
      .limit(1);
    return row ? toSummary(row) : null;
  }

  /** A provider session with the handle of the user it checks (for the development provider's page). */
  async findProviderSession(providerName: string, providerSessionId: string) {
    const [row] = await this.deps.db
      .select({ request: verificationRequests, handle: profiles.handle })
      .from(verificationRequests)
      .innerJoin(profiles, eq(profiles.userId, verificationRequests.userId))
      .where(and(eq(verificationRequests.provider, providerName), eq(verificationRequests.providerSessionId, providerSessionId)))
      .limit(1);
    return row ? { ...toSummary(row.request), sessionType: row.request.sessionType, handle: row.handle } : null;
  }

  /**
   * An admin confirms a user's age by hand (spec section 6). Recorded as a verification
   * request decided by the admin; grants the creators label when sign-up is otherwise done.
   * The caller is an admin: its route sits under /api/admin/, which `guardAdminRoutes` keeps to admins.
   */
  async verifyManually(actor: AdminActor, userId: string): Promise<ManualVerificationResult> {
    const { db, now } = this.deps;
    const adminUserId = actor.adminId;
    const result = await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [target] = await tx
        .select({ identityVerifiedAt: userData.identityVerifiedAt })
        .from(users)
        .innerJoin(userData, eq(userData.userId, users.id))
        .where(and(eq(users.id, userId), isNull(users.disabledAt)));
      if (!target) throw errors.notFound('User');
      const verifiedAt = target.identityVerifiedAt ?? now();
      let requestId: string | null = null;
      if (!target.identityVerifiedAt) {
        requestId = generateId(verifiedAt.getTime());
        await tx.insert(verificationRequests).values({
          id: requestId,
          userId,
          provider: 'admin',
          sessionType: 'age',
          status: 'approved',
          decidedBy: adminUserId,
          decidedAt: verifiedAt,
          createdAt: verifiedAt,
          updatedAt: verifiedAt,
        });
        await tx.insert(verificationEvents).values({
          id: generateId(verifiedAt.getTime()),
          requestId,
          status: 'approved',
          source: 'admin',
          payload: { adminUserId },
          createdAt: verifiedAt,
        });
        await markIdentityVerified(tx, userId, verifiedAt);
        await this.deps.audit.record(tx, {
          actorId: adminUserId,
          action: 'user.age_verified',
          targetType: 'user',
          targetId: userId,
          before: { identityVerifiedAt: null },
          after: { identityVerifiedAt: verifiedAt.toISOString(), verificationRequestId: requestId },
          reason: actor.reason,
          requestId: actor.requestId,
        });
      }
      const [account] = await tx.select({ labels: users.labels }).from(users).where(eq(users.id, userId));
      return {
        userId,
        requestId,
        identityVerifiedAt: verifiedAt.toISOString(),
        isCreator: Boolean(account && hasRole(account.labels, ROLE.creators)),
      };
    });
    this.deps.accountChanged(userId);
    return result;
  }
}
