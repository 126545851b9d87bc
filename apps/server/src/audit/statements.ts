import type { AuditAction } from '@aurum/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { auditLog, users } from '../db/schema.js';

export interface AuditRow {
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
  cursorKey: sql.placeholder('cursorKey'),
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
    and (${auditLog.createdAt}, ${auditLog.id}) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text)
  order by ${auditLog.createdAt} desc, ${auditLog.id} desc
  limit ${bound.limit}`;

/** The prepared statements of the audit log, built once per database. */
export class AuditStatements {
  readonly list: PreparedStatement<AuditRow>;

  constructor(db: Database) {
    this.list = prepareStatement(db, 'admin_audit_log', listStatement);
  }
}
