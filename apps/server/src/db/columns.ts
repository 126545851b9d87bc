import { timestamp } from 'drizzle-orm/pg-core';

/** When the row was written; every table names it the same way. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
