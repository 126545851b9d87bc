import { hasRole, ROLE, type RoleLabel } from '@aurum/core';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { userData, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { Viewer } from '../http/viewer.js';

/**
 * Who may do what, in one place. Routes ask for the viewer an action needs (anyone signed
 * in, a creator, an admin); services ask `requireAccess` (`require-access.ts`) whether the
 * caller may act on a member's thing, and here whether they finished registration; queries test
 * roles with `hasRoleSql`. Roles are named by core's ROLE, never by a string literal. Refusals:
 * 401 general_unauthorized_scope for nobody, 403 creator_required or admin_only for a missing role.
 */

/** The signed-in viewer, or a 401 for anonymous requests. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw errors.unauthenticated();
  return request.viewer;
}

/** The signed-in viewer when they carry the creators label (only the server sets it), else 403 creator_required. */
export function requireCreator(request: FastifyRequest): Viewer {
  return requireRole(request, ROLE.creators);
}

/** The signed-in viewer when they carry the admins label, else 403 admin_only. */
export function requireAdmin(request: FastifyRequest): Viewer {
  return requireRole(request, ROLE.admins);
}

const REFUSAL: Record<RoleLabel, () => Error> = {
  [ROLE.creators]: () => errors.creatorRequired(),
  [ROLE.admins]: () => errors.adminOnly(),
};

function requireRole(request: FastifyRequest, role: RoleLabel): Viewer {
  const viewer = requireViewer(request);
  if (!hasRole(viewer.labels, role)) throw REFUSAL[role]();
  return viewer;
}

/** Every route under this prefix is for admins; `guardRoutes` enforces it whatever its handler does. */
export const ADMIN_API_PREFIX = '/api/admin/';

/** What an action asks of the session: a second factor passed at some point, or within the last ten minutes. */
export type SecondFactorNeed = 'session' | 'fresh';
/** Refuses a viewer whose session has not passed the second factor an action needs (the second-factor domain's check). */
export type SecondFactorCheck = (viewer: Viewer, needed: SecondFactorNeed) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set on routes that move money or power (payout methods, withdrawals, refunds, suspensions,
     * anonymising): they answer only within ten minutes of a second factor (a fresh check).
     */
    secondFactor?: 'fresh';
  }
  interface FastifyRequest {
    /** For a handler whose need depends on the request: refuses unless the session passed a fresh check. */
    requireFreshCheck(): Promise<void>;
  }
}

/**
 * Guards routes before validation or their handler run, whatever the handler checks:
 * - every route under `/api/admin/` answers 401 to anonymous requests and 403 admin_only to
 *   anyone without the admins label, and asks for a session that passed a second factor;
 * - a route with `config.secondFactor: 'fresh'` asks for one within the last ten minutes.
 * Register it before any route so the hook sees them all.
 */
export function guardRoutes(app: FastifyInstance, secondFactor: SecondFactorCheck): void {
  app.decorateRequest('requireFreshCheck', async function (this: FastifyRequest) {
    await secondFactor(requireViewer(this), 'fresh');
  });
  app.addHook('onRoute', (route) => {
    const admin = route.url.startsWith(ADMIN_API_PREFIX);
    const fresh = route.config?.secondFactor === 'fresh';
    if (!admin && !fresh) return;
    const guard = async (request: FastifyRequest) => {
      const viewer = admin ? requireAdmin(request) : requireViewer(request);
      await secondFactor(viewer, fresh ? 'fresh' : 'session');
    };
    const existing = route.preValidation;
    route.preValidation = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : guard;
  });
}

/**
 * Becoming a creator and managing payouts is for users who finished registration
 * (handle and terms); anyone else gets 403 registration_incomplete.
 */
export async function requireCompletedRegistration(db: Database, userId: string): Promise<void> {
  const [row] = await db
    .select({ registrationCompletedAt: userData.registrationCompletedAt })
    .from(users)
    .innerJoin(userData, eq(userData.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .limit(1);
  if (!row) throw errors.unauthenticated();
  if (!row.registrationCompletedAt) throw errors.registrationIncomplete();
}

/**
 * Whether an account's labels (a `labels` column, or an alias's raw column) carry a role, in SQL.
 * The role is one of core's constants, written as a literal so the statement's text stays the same.
 */
export const hasRoleSql = (labels: AnyPgColumn | SQL, role: RoleLabel): SQL => sql`${sql.raw(`'${role}'`)} = any(${labels})`;
