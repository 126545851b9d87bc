import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { profiles, users, verificationRequests } from '../db/schema.js';

/** A verification request as the admin queue shows it; timestamps as ISO text in whole milliseconds. */
export interface VerificationRequestSqlRow {
  id: string;
  kind: string;
  provider: string;
  status: string;
  reason: string | null;
  note: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
  user_id: string;
  email: string;
  handle: string | null;
  public_name: string | null;
  avatar_color: string;
}

const iso = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const bound = {
  status: sql.placeholder('status'),
  kind: sql.placeholder('kind'),
  userId: sql.placeholder('userId'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};

const columns = sql`${verificationRequests.id}, ${verificationRequests.kind}, ${verificationRequests.provider}, ${verificationRequests.status},
    ${verificationRequests.reason}, ${verificationRequests.note}, ${verificationRequests.decidedBy} as decided_by,
    ${iso(verificationRequests.decidedAt)} as decided_at, ${iso(verificationRequests.createdAt)} as created_at,
    ${users.id} as user_id, ${users.email}, ${profiles.handle}, ${profiles.publicName} as public_name, ${profiles.avatarColor} as avatar_color`;

/**
 * The admin queue: requests newest first by (creation, id), each filter optional (a null
 * placeholder leaves it out), so every combination is this one prepared statement; it walks
 * `verification_requests_created_idx`, or `..._status_created_idx` for one status.
 */
const list = sql`select ${columns}
  from ${verificationRequests}
    join ${users} on ${users.id} = ${verificationRequests.userId}
    join ${profiles} on ${profiles.userId} = ${users.id}
  where (${bound.status}::text is null or ${verificationRequests.status} = ${bound.status}::text)
    and (${bound.kind}::text is null or ${verificationRequests.kind} = ${bound.kind}::text)
    and (${bound.userId}::text is null or ${verificationRequests.userId} = ${bound.userId}::text)
    and (${verificationRequests.createdAt}, ${verificationRequests.id}) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text)
  order by ${verificationRequests.createdAt} desc, ${verificationRequests.id} desc
  limit ${bound.limit}`;

const one = sql`select ${columns}
  from ${verificationRequests}
    join ${users} on ${users.id} = ${verificationRequests.userId}
    join ${profiles} on ${profiles.userId} = ${users.id}
  where ${verificationRequests.id} = ${sql.placeholder('requestId')}`;

/** The admin statements of the verification domain, built once per database. */
export class VerificationStatements {
  readonly list: PreparedStatement<VerificationRequestSqlRow>;
  readonly one: PreparedStatement<VerificationRequestSqlRow>;

  constructor(db: Database) {
    this.list = prepareStatement(db, 'verification_requests_list', list);
    this.one = prepareStatement(db, 'verification_request_one', one);
  }
}
