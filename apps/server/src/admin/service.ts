import {
  type AdminActionResult,
  type AdminGrantableLabel,
  type AdminOverview,
  type AdminUserDetail,
  type AdminUserRow,
  type AdminUsersPage,
  type AttentionKind,
  type adminUsersQuerySchema,
  type Currency,
  entityIdSchema,
  ROLE,
  subscriptionStatus,
  type VerificationKind,
  type VerificationStatus,
} from '@aurum/core';
import { and, desc, eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AdminActor, AuditedChange, AuditLog } from '../audit/audit-log.js';
import type { Database, Executor } from '../db/database.js';
import { charges, plans, profiles, sessions, subscriptions, userData, users, verificationRequests } from '../db/schema.js';
import { containsPattern } from '../db/search-pattern.js';
import { errors } from '../http/errors.js';
import { type KeyShape, keysetPage, keysetStart } from '../http/page-cursor.js';
import type { AdminStatements, AdminUserSqlRow } from './statements.js';

/** One count of what needs an admin's attention; each domain with a queue gives its own (see `attention.ts`). */
export interface AttentionSource {
  kind: AttentionKind;
  count: (db: Database, now: Date) => Promise<number>;
}

export interface AdminServiceDeps {
  db: Database;
  now: () => Date;
  statements: AdminStatements;
  audit: AuditLog;
  attention: readonly AttentionSource[];
  /** Forgets the account's cached sessions and tells its open tabs; called after a change commits. */
  accountChanged: (userId: string) => void;
  /** Reports others filed about the user or their content, newest first (moderation's). */
  reportsAbout: (userId: string, limit: number) => Promise<AdminUserDetail['reports']>;
  /** Tells a creator their suspension was lifted: stored in the transaction, announced and mailed after it (moderation's notices). */
  notices: {
    record(tx: Executor, notices: readonly SuspensionNotice[], now: Date): Promise<void>;
    tell(notices: readonly SuspensionNotice[]): Promise<void>;
  };
}

/** What a creator is told when an admin lifts their suspension. */
export interface SuspensionNotice {
  userId: string;
  kind: 'suspension_lifted';
  message: string;
  reason: string | null;
  mailSubject: string;
}

/** Where a users page ends: the last account's creation in microseconds since the epoch, and its id. */
const usersKey: KeyShape<number> = z.tuple([z.number().int(), entityIdSchema]);
/** Above every account: a first page starts below it. */
const ABOVE_EVERY_ACCOUNT: readonly [number, string] = [Number.MAX_SAFE_INTEGER, ''];
const DETAIL_ROWS = 50;

const creatorProfile = alias(profiles, 'creator_profile');

/**
 * The admin users area: the list and one user's detail, and the actions admins take on an
 * account (labels, disabling, ending sessions), each in one transaction with the audit row that
 * records it. Routes reach it only past the admin guard.
 */
export class AdminService {
  constructor(private readonly deps: AdminServiceDeps) {}

  async overview(): Promise<AdminOverview> {
    const now = this.deps.now();
    const counts = await Promise.all(
      this.deps.attention.map(async (source) => ({ kind: source.kind, count: await source.count(this.deps.db, now) })),
    );
    return { attention: counts };
  }

  async users(query: z.output<typeof adminUsersQuerySchema>): Promise<AdminUsersPage> {
    const rows = await this.deps.statements.usersList.run({
      pattern: containsPattern(query.q),
      label: query.label ?? null,
      disabled: query.disabled === undefined ? null : query.disabled === 'yes',
      verified: query.verified === undefined ? null : query.verified === 'yes',
      ...keysetStart(query, usersKey, ABOVE_EVERY_ACCOUNT),
    });
    const { items, nextCursor } = keysetPage(rows, query.limit, (row) => [Number(row.created_key), row.id]);
    return { items: items.map(toUserRow), nextCursor };
  }

  async user(userId: string): Promise<AdminUserDetail> {
    const { db } = this.deps;
    const now = this.deps.now();
    const row = await this.userRow(userId);
    const [extra] = await db
      .select({
        bio: profiles.bio,
        lastOnline: profiles.lastOnline,
        followerCount: profiles.followerCount,
        registrationCompletedAt: userData.registrationCompletedAt,
      })
      .from(profiles)
      .innerJoin(userData, eq(userData.userId, profiles.userId))
      .where(eq(profiles.userId, userId));
    const [sessionRows, subscriptionRows, paymentRows, verificationRows, reportRows] = await Promise.all([
      db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt)),
      db
        .select({
          id: subscriptions.id,
          creatorId: subscriptions.creatorId,
          creatorHandle: creatorProfile.handle,
          planName: plans.name,
          priceMinor: plans.priceMinor,
          currency: plans.currency,
          autoRenew: subscriptions.autoRenew,
          validUntil: subscriptions.validUntil,
          renewalFailedAt: subscriptions.renewalFailedAt,
          renewalFailures: subscriptions.renewalFailures,
          lapsedAt: subscriptions.lapsedAt,
          createdAt: subscriptions.createdAt,
        })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .leftJoin(creatorProfile, eq(creatorProfile.userId, subscriptions.creatorId))
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(DETAIL_ROWS),
      db
        .select({
          id: charges.id,
          kind: charges.kind,
          status: charges.status,
          amountMinor: charges.amountMinor,
          currency: charges.currency,
          creatorHandle: creatorProfile.handle,
          failureMessage: charges.failureMessage,
          createdAt: charges.createdAt,
        })
        .from(charges)
        .leftJoin(creatorProfile, eq(creatorProfile.userId, charges.creatorId))
        .where(eq(charges.userId, userId))
        .orderBy(desc(charges.createdAt), desc(charges.id))
        .limit(DETAIL_ROWS),
      db
        .select()
        .from(verificationRequests)
        .where(eq(verificationRequests.userId, userId))
        .orderBy(desc(verificationRequests.createdAt))
        .limit(DETAIL_ROWS),
      this.deps.reportsAbout(userId, DETAIL_ROWS),
    ]);
    return {
      user: {
        ...row,
        bio: extra?.bio ?? null,
        lastOnline: extra?.lastOnline?.toISOString() ?? null,
        followerCount: extra?.followerCount ?? 0,
        registrationCompletedAt: extra?.registrationCompletedAt?.toISOString() ?? null,
      },
      sessions: sessionRows.map((session) => ({
        id: session.id.slice(0, 12),
        createdAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        ip: session.ip,
        userAgent: session.userAgent,
      })),
      subscriptions: subscriptionRows.map((subscription) => ({
        id: subscription.id,
        creatorId: subscription.creatorId,
        creatorHandle: subscription.creatorHandle,
        planName: subscription.planName,
        priceMinor: subscription.priceMinor,
        currency: subscription.currency as Currency,
        status: subscriptionStatus(subscription, now),
        validUntil: subscription.validUntil.toISOString(),
        createdAt: subscription.createdAt.toISOString(),
      })),
      payments: paymentRows.map((payment) => ({
        ...payment,
        currency: payment.currency as Currency,
        createdAt: payment.createdAt.toISOString(),
      })),
      verifications: verificationRows.map((request) => ({
        id: request.id,
        kind: request.kind as VerificationKind,
        provider: request.provider,
        status: request.status as VerificationStatus,
        decidedBy: request.decidedBy,
        createdAt: request.createdAt.toISOString(),
      })),
      reports: reportRows,
    };
  }

  /** Grants or revokes the creators or admins label; an admin never revokes their own admins label. */
  async changeLabel(actor: AdminActor, userId: string, label: AdminGrantableLabel, granted: boolean): Promise<AdminActionResult> {
    if (!granted && label === ROLE.admins && userId === actor.adminId) throw errors.cannotRevokeOwnAdmin();
    await this.onAccount(actor, userId, async (tx, account) => {
      if (account.labels.includes(label) === granted) return null;
      const labels = granted ? [...account.labels, label] : account.labels.filter((held) => held !== label);
      await tx.update(users).set({ labels }).where(eq(users.id, userId));
      const action = granted ? 'user.label_granted' : 'user.label_revoked';
      return { action, before: { labels: account.labels }, after: { labels }, result: undefined };
    });
    return { user: await this.userRow(userId), sessionsEnded: 0 };
  }

  /** Disables the account: it resolves to nobody, its sessions end, a creator's posts disappear everywhere. */
  async disable(actor: AdminActor, userId: string): Promise<AdminActionResult> {
    if (userId === actor.adminId) throw errors.cannotDisableSelf();
    const ended = await this.onAccount(actor, userId, async (tx, account) => {
      if (account.disabledAt) return null;
      const disabledAt = this.deps.now();
      await tx.update(users).set({ disabledAt }).where(eq(users.id, userId));
      const removed = await endSessions(tx, userId);
      const after = { disabledAt: disabledAt.toISOString(), sessionsEnded: removed };
      return { action: 'user.disabled', before: { disabledAt: null }, after, result: removed };
    });
    return { user: await this.userRow(userId), sessionsEnded: ended ?? 0 };
  }

  /** Enables a disabled account again; its owner signs in anew. */
  async enable(actor: AdminActor, userId: string): Promise<AdminActionResult> {
    await this.onAccount(actor, userId, async (tx, account) => {
      if (!account.disabledAt) return null;
      await tx.update(users).set({ disabledAt: null }).where(eq(users.id, userId));
      const before = { disabledAt: account.disabledAt.toISOString() };
      return { action: 'user.enabled', before, after: { disabledAt: null }, result: undefined };
    });
    return { user: await this.userRow(userId), sessionsEnded: 0 };
  }

  /**
   * Lifts a creator's suspension: their posts are visible again and the renewal sweep takes
   * their subscriptions again (those still within their retry window renew). The creator is told.
   */
  async unsuspend(actor: AdminActor, userId: string): Promise<AdminActionResult> {
    const notice = await this.onAccount(actor, userId, async (tx, account) => {
      if (!account.suspendedAt) return null;
      await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, userId));
      const told: SuspensionNotice = {
        userId,
        kind: 'suspension_lifted',
        message: 'An admin lifted the suspension of your creator account: your posts are visible again and subscriptions renew.',
        reason: actor.reason?.trim() || null,
        mailSubject: 'Your creator account is no longer suspended',
      };
      await this.deps.notices.record(tx, [told], this.deps.now());
      const before = { suspendedAt: account.suspendedAt.toISOString() };
      return { action: 'creator.unsuspended', before, after: { suspendedAt: null }, result: told };
    });
    if (notice) await this.deps.notices.tell([notice]);
    return { user: await this.userRow(userId), sessionsEnded: 0 };
  }

  /** Signs the user out everywhere. */
  async revokeSessions(actor: AdminActor, userId: string): Promise<AdminActionResult> {
    const ended = await this.onAccount(actor, userId, async (tx) => {
      const removed = await endSessions(tx, userId);
      return { action: 'user.sessions_revoked', before: { sessions: removed }, after: { sessions: 0 }, result: removed };
    });
    return { user: await this.userRow(userId), sessionsEnded: ended ?? 0 };
  }

  /**
   * An audited action on one account (`AuditLog.act`, the account locked, 404 when there is
   * none); once it commits, the other instances forget what they cached of the account. Answers
   * the change's result, or null when nothing changed.
   */
  private async onAccount<Result>(
    actor: AdminActor,
    userId: string,
    change: (tx: Executor, account: LockedAccount) => Promise<AuditedChange<Result> | null>,
  ): Promise<Result | null> {
    const done = await this.deps.audit.act(actor, { type: 'user', id: userId, lock: (tx) => lockAccount(tx, userId) }, change);
    if (!done) return null;
    this.deps.accountChanged(userId);
    return done.result;
  }

  private async userRow(userId: string): Promise<AdminUserRow> {
    const [row] = await this.deps.statements.oneUser.run({ userId });
    if (!row) throw errors.notFound('User');
    return toUserRow(row);
  }
}

interface LockedAccount {
  labels: string[];
  disabledAt: Date | null;
  suspendedAt: Date | null;
}

/** The account, locked for the action's transaction; 404 when there is none. */
async function lockAccount(tx: Executor, userId: string): Promise<LockedAccount> {
  const [account] = await tx
    .select({ labels: users.labels, disabledAt: users.disabledAt, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!account) throw errors.notFound('User');
  return account;
}

/** Ends every session of the account; how many there were. */
async function endSessions(tx: Executor, userId: string): Promise<number> {
  const removed = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return removed.length;
}

function toUserRow(row: AdminUserSqlRow): AdminUserRow {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    handle: row.handle,
    publicName: row.public_name,
    avatarColor: row.avatar_color,
    labels: row.labels,
    disabledAt: row.disabled_at,
    identityVerifiedAt: row.identity_verified_at,
    suspendedAt: row.suspended_at,
    deletedAt: row.deleted_at,
    anonymisedAt: row.anonymised_at,
    createdAt: row.created_at,
  };
}
