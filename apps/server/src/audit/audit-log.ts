import { type AuditAction, type AuditEntry, type AuditPage, type AuditQuery, type auditQuerySchema, generateId } from '@aurum/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireAdmin } from '../access/access.js';
import type { Database, Executor } from '../db/database.js';
import { auditLog } from '../db/schema.js';
import { ABOVE_EVERY_TIME, keysetPage, keysetStart, timeKey } from '../http/page-cursor.js';
import type { AuditRow, AuditStatements } from './statements.js';

/** What one admin action changed, as the audit log keeps it beside who acted (AdminActor). */
export interface AuditChange {
  action: AuditAction;
  /** What the action was about: an account, for moderation a post or a chat message, a verification request, the restricted words list, a support ticket, for a refund the payment, for a retry the failed payout, for a test dispute the payment or the dispute. */
  targetType:
    | 'user'
    | 'post'
    | 'message'
    | 'verification_request'
    | 'restricted_words'
    | 'support_ticket'
    | 'charge'
    | 'payout'
    | 'dispute';
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** What an audited action made of its target, and what it answers its caller. */
export type AuditedChange<Result> = Omit<AuditChange, 'targetType' | 'targetId'> & { result: Result };

/** What an audited action is about, and how to lock it for the action's transaction (throwing when it is gone). */
export interface AuditTarget<Locked> {
  type: AuditChange['targetType'];
  id: string;
  lock: (tx: Executor) => Promise<Locked>;
}

/** Who asked for an admin action, with which request and why: what every audit row needs besides the change. */
export interface AdminActor {
  adminId: string;
  /** The HTTP request the action came with, to find it in the logs; null for an action no request made. */
  requestId: string | null;
  reason?: string | undefined;
}

/** The admin who acts, the request it came with and the reason they gave: what the audit row records. */
export function actorOf(request: FastifyRequest, reason: string | undefined): AdminActor {
  return { adminId: requireAdmin(request).userId, requestId: request.id, reason };
}

/**
 * The audit log: `record` writes a row inside the transaction of the action it records (so an
 * action without its row, or a row without its action, cannot be committed), `list` reads it.
 * Nothing updates or deletes a row.
 */
export class AuditLog {
  constructor(private readonly deps: { db: Database; now: () => Date; statements: AuditStatements }) {}

  /**
   * An admin action on one target, the one shape they take: in one transaction the target is
   * locked, `change` makes the change and says what it was (or null when there was nothing to
   * do, which writes no row), and the audit row is written. Answers the change's result, or null
   * when nothing changed, so the caller tells others of a change only once it is committed.
   */
  async act<Locked, Result>(
    actor: AdminActor,
    target: AuditTarget<Locked>,
    change: (tx: Executor, locked: Locked) => Promise<AuditedChange<Result> | null>,
  ): Promise<{ result: Result } | null> {
    return this.deps.db.transaction(async (tx) => {
      const changed = await change(tx, await target.lock(tx));
      if (!changed) return null;
      const { result, ...audited } = changed;
      await this.record(tx, actor, { ...audited, targetType: target.type, targetId: target.id });
      return { result };
    });
  }

  /** Records an admin's action in the transaction that made it, so neither is kept without the other. */
  async record(tx: Executor, actor: AdminActor, change: AuditChange): Promise<void> {
    const createdAt = this.deps.now();
    await tx.insert(auditLog).values({
      id: generateId(createdAt.getTime()),
      actorId: actor.adminId,
      action: change.action,
      targetType: change.targetType,
      targetId: change.targetId,
      before: change.before,
      after: change.after,
      reason: actor.reason?.trim() || null,
      requestId: actor.requestId,
      createdAt,
    });
  }

  async list(query: z.output<typeof auditQuerySchema>): Promise<AuditPage> {
    const rows = await this.deps.statements.list.run({
      action: query.action ?? null,
      actorId: query.actorId ?? null,
      targetId: query.targetId ?? null,
      ...keysetStart(query, timeKey, ABOVE_EVERY_TIME),
    });
    const page = keysetPage(rows, query.limit, (row) => [row.created_at, row.id]);
    return { items: page.items.map(toEntry), nextCursor: page.nextCursor };
  }
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetEmail: row.target_email,
    before: row.before,
    after: row.after,
    reason: row.reason,
    requestId: row.request_id,
    createdAt: row.created_at,
  };
}

export type { AuditQuery };
