import { type AuditAction, type AuditEntry, type AuditPage, type AuditQuery, type auditQuerySchema, generateId } from '@aurum/core';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireAdmin } from '../access/access.js';
import type { Database, Executor } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { auditLog, users } from '../db/schema.js';
import { decodeTimeCursor, timeCursorPage } from '../http/page-cursor.js';

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

interface AuditRow {
  id: string;
  actor_id: string;
  actor_email: string | null;
  action: AuditAction;
  target_type: string;
  target_id: string;
  target_email: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  request_id: string | null;
  created_at: string;
}

const bound = {
  action: sql.placeholder('action'),
  actorId: sql.placeholder('actorId'),
  targetId: sql.placeholder('targetId'),
  cursorTime: sql.placeholder('cursorTime'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};

const actor = sql.raw('actor');
const target = sql.raw('target');

/**
 * The audit log, newest first, with each filter optional (a null placeholder leaves it out), so
 * every combination is the same prepared statement; it walks `audit_log_created_idx`.
 */
const listStatement = sql`select ${auditLog.id}, ${auditLog.actorId} as actor_id, ${actor}.email as actor_email,
    ${auditLog.action}, ${auditLog.targetType} as target_type, ${auditLog.targetId} as target_id, ${target}.email as target_email,
    ${auditLog.before}, ${auditLog.after}, ${auditLog.reason}, ${auditLog.requestId} as request_id,
    to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
  from ${auditLog}
    left join ${users} ${actor} on ${actor}.id = ${auditLog.actorId}
    left join ${users} ${target} on ${target}.id = ${auditLog.targetId}
  where (${bound.action}::text is null or ${auditLog.action} = ${bound.action}::text)
    and (${bound.actorId}::text is null or ${auditLog.actorId} = ${bound.actorId}::text)
    and (${bound.targetId}::text is null or ${auditLog.targetId} = ${bound.targetId}::text)
    and (${auditLog.createdAt}, ${auditLog.id}) < (${bound.cursorTime}::timestamptz, ${bound.cursorId}::text)
  order by ${auditLog.createdAt} desc, ${auditLog.id} desc
  limit ${bound.limit}`;

/**
 * The audit log: `record` writes a row inside the transaction of the action it records (so an
 * action without its row, or a row without its action, cannot be committed), `list` reads it.
 * Nothing updates or deletes a row.
 */
export class AuditLog {
  private statement: PreparedStatement<AuditRow> | undefined;

  constructor(private readonly deps: { db: Database; now: () => Date }) {}

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
    const position = decodeTimeCursor(query.cursor);
    this.statement ??= prepareStatement<AuditRow>(this.deps.db, 'admin_audit_log', listStatement);
    const rows = await this.statement.run({
      action: query.action ?? null,
      actorId: query.actorId ?? null,
      targetId: query.targetId ?? null,
      cursorTime: position?.[0] ?? 'infinity',
      cursorId: position?.[1] ?? '',
      limit: query.limit + 1,
    });
    const page = timeCursorPage(rows, query.limit, (row) => [row.created_at, row.id]);
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
