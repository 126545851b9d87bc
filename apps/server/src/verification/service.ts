import type { IncomingHttpHeaders } from 'node:http';
import {
  DAY_MS,
  generateId,
  hasRole,
  type ManualVerificationResult,
  type MyVerificationRequest,
  ROLE,
  type VerificationDecision,
  type VerificationKind,
  type VerificationRequestDetail,
  type VerificationRequestRow,
  type VerificationRequestsPage,
  type VerificationSession,
  type VerificationStatus,
  type VerificationSummary,
  type verificationRequestsQuerySchema,
} from '@aurum/core';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { requireCompletedRegistration } from '../access/access.js';
import type { AdminActor, AuditLog } from '../audit/audit-log.js';
import type { Database, Executor } from '../db/database.js';
import { profiles, userData, users, verificationEvents, verificationRequests } from '../db/schema.js';
import { lockUser } from '../db/user-lock.js';
import { errors } from '../http/errors.js';
import { ABOVE_EVERY_TIME, keysetPage, keysetStart, timeKey } from '../http/page-cursor.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { ProviderEvent, VerificationProvider } from './provider.js';
import type { VerificationRequestSqlRow, VerificationStatements } from './statements.js';

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
  /**
   * Records a confirmed identity on the account and its creator sign-up (creators' `markIdentityVerified`),
   * in the confirming transaction, which holds the user's lock.
   */
  identityVerified: (tx: Executor, userId: string, at: Date) => Promise<void>;
  statements: VerificationStatements;
  /** Tells the member of an admin's decision: a notice stored in its transaction, announced and mailed after the commit. */
  notices: MemberNotices;
}

/** What the member is told of a decision on their manual request, in the app and by e-mail. */
export interface DecisionNotice {
  userId: string;
  kind: 'verification_approved' | 'verification_declined';
  message: string;
  reason: string | null;
  mailSubject: string;
}

export interface MemberNotices {
  record(tx: Executor, notices: readonly DecisionNotice[], now: Date): Promise<void>;
  tell(notices: readonly DecisionNotice[]): Promise<void>;
}

/** The requests a member's own history shows. */
const MY_REQUESTS_SHOWN = 20;

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
        kind: 'provider',
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
        await this.deps.identityVerified(tx, request.userId, at);
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
   * The caller is an admin: its route sits under /api/admin/, which `guardRoutes` keeps to admins.
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
        // A manual request the member is waiting on is the one this decides; else the admin's check is a request of its own.
        const [waiting] = await tx
          .select({ id: verificationRequests.id })
          .from(verificationRequests)
          .where(
            and(
              eq(verificationRequests.userId, userId),
              eq(verificationRequests.kind, 'manual'),
              eq(verificationRequests.status, 'pending'),
            ),
          )
          .for('update');
        requestId = waiting?.id ?? generateId(verifiedAt.getTime());
        if (waiting) {
          await tx
            .update(verificationRequests)
            .set({ status: 'approved', decidedBy: adminUserId, decidedAt: verifiedAt, updatedAt: verifiedAt })
            .where(eq(verificationRequests.id, waiting.id));
        } else {
          await tx.insert(verificationRequests).values({
            id: requestId,
            userId,
            provider: 'admin',
            kind: 'manual',
            sessionType: 'age',
            status: 'approved',
            decidedBy: adminUserId,
            decidedAt: verifiedAt,
            createdAt: verifiedAt,
            updatedAt: verifiedAt,
          });
        }
        await tx.insert(verificationEvents).values({
          id: generateId(verifiedAt.getTime()),
          requestId,
          status: 'approved',
          source: 'admin',
          payload: { adminUserId },
          createdAt: verifiedAt,
        });
        await this.deps.identityVerified(tx, userId, verifiedAt);
        await this.deps.audit.record(tx, actor, {
          action: 'user.age_verified',
          targetType: 'user',
          targetId: userId,
          before: { identityVerifiedAt: null },
          after: { identityVerifiedAt: verifiedAt.toISOString(), verificationRequestId: requestId },
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

  /**
   * A member asks an admin to check their age by hand (when the provider cannot, or is off).
   * Refused once they are verified, and while another manual request of theirs waits.
   */
  async requestManual(userId: string, note: string): Promise<MyVerificationRequest> {
    const { db, now } = this.deps;
    await requireCompletedRegistration(db, userId);
    const createdAt = now();
    const requestId = generateId(createdAt.getTime());
    await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [data] = await tx.select({ identityVerifiedAt: userData.identityVerifiedAt }).from(userData).where(eq(userData.userId, userId));
      if (data?.identityVerifiedAt) throw errors.identityAlreadyVerified();
      const inserted = await tx
        .insert(verificationRequests)
        .values({
          id: requestId,
          userId,
          provider: 'manual',
          kind: 'manual',
          sessionType: 'age',
          status: 'pending',
          note: note || null,
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing()
        .returning({ id: verificationRequests.id });
      if (inserted.length === 0) throw errors.verificationRequestPending();
      await tx.insert(verificationEvents).values({
        id: generateId(createdAt.getTime()),
        requestId,
        status: 'pending',
        source: 'member',
        payload: note ? { note } : null,
        createdAt,
      });
    });
    this.deps.accountChanged(userId);
    return { requestId, kind: 'manual', status: 'pending', reason: null, createdAt: createdAt.toISOString() };
  }

  /** The member's own requests, newest first. */
  async myRequests(userId: string): Promise<{ items: MyVerificationRequest[] }> {
    const rows = await this.deps.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.userId, userId))
      .orderBy(desc(verificationRequests.createdAt), desc(verificationRequests.id))
      .limit(MY_REQUESTS_SHOWN);
    return {
      items: rows.map((row) => ({
        requestId: row.id,
        kind: row.kind as VerificationKind,
        status: row.status as VerificationStatus,
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }

  /** The admin queue: requests newest first, filtered by status, kind and member; keyset pages. */
  async list(query: z.output<typeof verificationRequestsQuerySchema>): Promise<VerificationRequestsPage> {
    const rows = await this.deps.statements.list.run({
      status: query.status ?? null,
      kind: query.kind ?? null,
      userId: query.userId ?? null,
      ...keysetStart(query, timeKey, ABOVE_EVERY_TIME),
    });
    const page = keysetPage(rows, query.limit, (row) => [row.created_at, row.id]);
    return { items: page.items.map(toRequestRow), nextCursor: page.nextCursor };
  }

  /** One request with the member, who decided it, and its whole trail of events, oldest first. */
  async detail(requestId: string): Promise<VerificationRequestDetail> {
    const { db } = this.deps;
    const [row] = await this.deps.statements.one.run({ requestId });
    if (!row) throw errors.notFound('Verification request');
    const [events, [decider], [data]] = await Promise.all([
      db
        .select()
        .from(verificationEvents)
        .where(eq(verificationEvents.requestId, requestId))
        .orderBy(asc(verificationEvents.createdAt), asc(verificationEvents.id)),
      row.decided_by ? db.select({ email: users.email }).from(users).where(eq(users.id, row.decided_by)) : Promise.resolve([]),
      db.select({ identityVerifiedAt: userData.identityVerifiedAt }).from(userData).where(eq(userData.userId, row.user_id)),
    ]);
    const request = toRequestRow(row);
    return {
      request: {
        ...request,
        decidedByEmail: decider?.email ?? null,
        identityVerifiedAt: data?.identityVerifiedAt?.toISOString() ?? null,
      },
      events: events.map((event) => ({
        id: event.id,
        status: event.status as VerificationStatus,
        source: event.source,
        payload: (event.payload as Record<string, unknown> | null) ?? null,
        createdAt: event.createdAt.toISOString(),
      })),
      decidable: request.kind === 'manual' && request.status === 'pending',
    };
  }

  /**
   * An admin approves or declines a member's manual request, with a reason: the decision, its
   * event, the member's verified identity (on approval) and the audit row in one transaction;
   * the member is told in the app and by e-mail after the commit.
   */
  async decide(actor: AdminActor, requestId: string, decision: VerificationDecision, reason: string): Promise<VerificationRequestDetail> {
    const { db, now } = this.deps;
    const notice = await db.transaction(async (tx) => {
      const [request] = await tx.select().from(verificationRequests).where(eq(verificationRequests.id, requestId)).for('update');
      if (!request) throw errors.notFound('Verification request');
      if (request.kind !== 'manual') throw errors.verificationNotManual();
      if (request.status !== 'pending') throw errors.verificationAlreadyDecided();
      await lockUser(tx, request.userId);
      const at = now();
      const status: VerificationStatus = decision === 'approve' ? 'approved' : 'declined';
      await tx
        .update(verificationRequests)
        .set({ status, reason, decidedBy: actor.adminId, decidedAt: at, updatedAt: at })
        .where(eq(verificationRequests.id, requestId));
      await tx.insert(verificationEvents).values({
        id: generateId(at.getTime()),
        requestId,
        status,
        source: 'admin',
        payload: { adminUserId: actor.adminId, reason },
        createdAt: at,
      });
      if (status === 'approved') await this.deps.identityVerified(tx, request.userId, at);
      await this.deps.audit.record(
        tx,
        { ...actor, reason },
        {
          action: status === 'approved' ? 'verification.approved' : 'verification.declined',
          targetType: 'verification_request',
          targetId: requestId,
          before: { status: request.status },
          after: { status, userId: request.userId },
        },
      );
      const told: DecisionNotice =
        status === 'approved'
          ? {
              userId: request.userId,
              kind: 'verification_approved',
              message: 'An admin checked your age by hand and approved it: your identity is verified.',
              reason,
              mailSubject: 'Your age is verified',
            }
          : {
              userId: request.userId,
              kind: 'verification_declined',
              message: 'An admin looked at your request for a manual age check and declined it.',
              reason,
              mailSubject: 'Your manual age check was declined',
            };
      await this.deps.notices.record(tx, [told], at);
      return told;
    });
    this.deps.accountChanged(notice.userId);
    await this.deps.notices.tell([notice]);
    return this.detail(requestId);
  }
}

function toRequestRow(row: VerificationRequestSqlRow): VerificationRequestRow {
  return {
    id: row.id,
    kind: row.kind as VerificationKind,
    provider: row.provider,
    status: row.status as VerificationStatus,
    reason: row.reason,
    note: row.note,
    user: { id: row.user_id, email: row.email, handle: row.handle, publicName: row.public_name, avatarColor: row.avatar_color },
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
  };
}
