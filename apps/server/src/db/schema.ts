/**
 * Every table, from the domain that owns it (`<domain>/tables.ts`): the one schema drizzle is
 * given (`openDatabase`), drizzle-kit generates migrations from (`drizzle.config.ts`), and code
 * reading several domains' tables imports. A new domain's tables are added here.
 */
export * from '../audit/tables.js';
export * from '../auth/tables.js';
export * from '../blocks/tables.js';
export * from '../chat/tables.js';
export * from '../creators/tables.js';
export * from '../disputes/tables.js';
export * from '../fan-lists/tables.js';
export * from '../follows/tables.js';
export * from '../insights/tables.js';
export * from '../jobs/tables.js';
export * from '../ledger/tables.js';
export * from '../likes/tables.js';
export * from '../mass-messages/tables.js';
export * from '../media/tables.js';
export * from '../moderation/tables.js';
export * from '../offers/tables.js';
export * from '../payments/tables.js';
export * from '../payouts/tables.js';
export * from '../personal-data/tables.js';
export * from '../plans/tables.js';
export * from '../post-sales/tables.js';
export * from '../posts/tables.js';
export * from '../profiles/tables.js';
export * from '../push/tables.js';
export * from '../rate-limit/tables.js';
export * from '../second-factor/tables.js';
export * from '../seen/tables.js';
export * from '../sessions/tables.js';
export * from '../subscriptions/tables.js';
export * from '../support/tables.js';
export * from '../tips/tables.js';
export * from '../trials/tables.js';
export * from '../uploads/tables.js';
export * from '../users/tables.js';
export * from '../vault/tables.js';
export * from '../verification/tables.js';
