import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * Core's `grantsAccess` in SQL, the one place the rule is written for the database: a
 * subscription grants access while its `valid_until` is after `now` (the server's clock, passed
 * in, so SQL and code agree). `validUntil` is the column (drizzle's, or `sql\`s.valid_until\`` under
 * an alias); `now` a value, a placeholder or an expression.
 */
export function grantsAccessSql(validUntil: Column | SQL, now: unknown): SQL<boolean> {
  return sql<boolean>`${validUntil} > ${now}`;
}
