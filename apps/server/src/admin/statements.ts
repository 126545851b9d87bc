import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { profiles, userData, users } from '../db/schema.js';

/** A user as admin lists show them; timestamps come as ISO text, the sort key as microseconds since the epoch. */
export interface AdminUserSqlRow {
  id: string;
  email: string;
  name: string;
  handle: string | null;
  public_name: string | null;
  avatar_color: string;
  labels: string[];
  disabled_at: string | null;
  identity_verified_at: string | null;
  suspended_at: string | null;
  deleted_at: string | null;
  anonymised_at: string | null;
  created_at: string;
  created_key: string;
}

const iso = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of an admin's view of a user, over `users` joined with `profiles` and `user_data`. */
export const adminUserColumns = sql`${users.id}, ${users.email}, ${users.name}, ${profiles.handle},
    ${profiles.publicName} as public_name, ${profiles.avatarColor} as avatar_color, ${users.labels},
    ${iso(users.disabledAt)} as disabled_at, ${iso(userData.identityVerifiedAt)} as identity_verified_at,
    ${iso(users.suspendedAt)} as suspended_at, ${iso(users.deletedAt)} as deleted_at, ${iso(users.anonymisedAt)} as anonymised_at,
    ${iso(users.createdAt)} as created_at,
    (extract(epoch from ${users.createdAt}) * 1000000)::bigint::text as created_key`;

const bound = {
  pattern: sql.placeholder('pattern'),
  label: sql.placeholder('label'),
  disabled: sql.placeholder('disabled'),
  verified: sql.placeholder('verified'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};

/**
 * The admin users list: newest accounts first by (creation, id), walking `users_created_idx`;
 * the cursor carries the creation time in whole microseconds, so the position is exact. Each
 * filter is optional (a null placeholder leaves it out), so every combination is this one
 * prepared statement. The search looks in the address, the account name, the handle and the
 * public name (any case; trigram indexes answer it).
 */
const usersList = sql`select ${adminUserColumns}
  from ${users} join ${profiles} on ${profiles.userId} = ${users.id} join ${userData} on ${userData.userId} = ${users.id}
  where (${bound.pattern}::text is null or ${users.email} ilike ${bound.pattern}::text or ${users.name} ilike ${bound.pattern}::text
      or ${profiles.handle} ilike ${bound.pattern}::text or ${profiles.publicName} ilike ${bound.pattern}::text)
    and (${bound.label}::text is null or ${bound.label}::text = any(${users.labels}))
    and (${bound.disabled}::boolean is null or (${users.disabledAt} is not null) = ${bound.disabled}::boolean)
    and (${bound.verified}::boolean is null or (${userData.identityVerifiedAt} is not null) = ${bound.verified}::boolean)
    and (${users.createdAt}, ${users.id}) < ('epoch'::timestamptz + ${bound.cursorKey}::bigint * interval '1 microsecond', ${bound.cursorId}::text)
  order by ${users.createdAt} desc, ${users.id} desc
  limit ${bound.limit}`;

/** One user, as the list shows them. */
const oneUser = sql`select ${adminUserColumns}
  from ${users} join ${profiles} on ${profiles.userId} = ${users.id} join ${userData} on ${userData.userId} = ${users.id}
  where ${users.id} = ${sql.placeholder('userId')}`;

/** The prepared statements of the admin domain, built once per database. */
export class AdminStatements {
  readonly usersList: PreparedStatement<AdminUserSqlRow>;
  readonly oneUser: PreparedStatement<AdminUserSqlRow>;

  constructor(db: Database) {
    this.usersList = prepareStatement(db, 'admin_users_list', usersList, { mayLag: true });
    this.oneUser = prepareStatement(db, 'admin_user_one', oneUser);
  }
}
