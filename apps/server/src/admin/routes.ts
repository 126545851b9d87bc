import {
  adminActionResultSchema,
  adminActionSchema,
  adminLabelChangeSchema,
  adminOverviewSchema,
  adminUserDetailSchema,
  adminUserParamsSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  apiErrorSchema,
  auditPageSchema,
  auditQuerySchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_API_PREFIX, requireAdmin } from '../access/access.js';
import { type AuditLog, actorOf } from '../audit/audit-log.js';
import { type DomainRoutes, refusals } from '../http/domain-routes.js';
import type { AdminService } from './service.js';

/** The admin area's API; every route is under /api/admin/, which the admin guard protects. */
export const adminRoutes: DomainRoutes<{ admin: AdminService; audit: AuditLog }> = (app, { admin, audit }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${ADMIN_API_PREFIX}overview`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins only: what needs attention, one count per queue',
        response: { 200: adminOverviewSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return admin.overview();
    },
  );

  api.get(
    `${ADMIN_API_PREFIX}users`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins only: users, newest first, searched by e-mail, handle or name and filtered by label, disabled and verified',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema, ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      return admin.users(request.query);
    },
  );

  api.get(
    `${ADMIN_API_PREFIX}users/:userId`,
    {
      schema: {
        tags: ['admin'],
        summary: "Admins only: one user's profile, labels, sessions, subscriptions, payments, identity checks and reports about them",
        params: adminUserParamsSchema,
        response: { 200: adminUserDetailSchema, ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      return admin.user(request.params.userId);
    },
  );

  api.post(
    `${ADMIN_API_PREFIX}users/:userId/labels`,
    {
      config: { secondFactor: 'fresh' },
      schema: {
        tags: ['admin'],
        summary: 'Admins only: grants or revokes the creators or admins label (never your own admins: 400 cannot_revoke_own_admin)',
        params: adminUserParamsSchema,
        body: adminLabelChangeSchema,
        response: { 200: adminActionResultSchema, ...refusals },
      },
    },
    async (request) =>
      admin.changeLabel(actorOf(request, request.body.reason), request.params.userId, request.body.label, request.body.granted),
  );

  api.post(
    `${ADMIN_API_PREFIX}users/:userId/disable`,
    {
      config: { secondFactor: 'fresh' },
      schema: {
        tags: ['admin'],
        summary: "Admins only: disables the account and ends its sessions; a creator's posts disappear (yourself: 400 cannot_disable_self)",
        params: adminUserParamsSchema,
        body: adminActionSchema,
        response: { 200: adminActionResultSchema, ...refusals },
      },
    },
    async (request) => admin.disable(actorOf(request, request.body.reason), request.params.userId),
  );

  api.post(
    `${ADMIN_API_PREFIX}users/:userId/enable`,
    {
      config: { secondFactor: 'fresh' },
      schema: {
        tags: ['admin'],
        summary: 'Admins only: enables a disabled account',
        params: adminUserParamsSchema,
        body: adminActionSchema,
        response: { 200: adminActionResultSchema, ...refusals },
      },
    },
    async (request) => admin.enable(actorOf(request, request.body.reason), request.params.userId),
  );

  api.post(
    `${ADMIN_API_PREFIX}users/:userId/unsuspend`,
    {
      config: { secondFactor: 'fresh' },
      schema: {
        tags: ['admin'],
        summary: "Admins only: lifts a creator's suspension: posts visible again, renewals resume; the creator is told",
        params: adminUserParamsSchema,
        body: adminActionSchema,
        response: { 200: adminActionResultSchema, ...refusals },
      },
    },
    async (request) => admin.unsuspend(actorOf(request, request.body.reason), request.params.userId),
  );

  api.post(
    `${ADMIN_API_PREFIX}users/:userId/sessions/revoke`,
    {
      schema: {
        tags: ['admin'],
        summary: "Admins only: ends every session of the user's",
        params: adminUserParamsSchema,
        body: adminActionSchema,
        response: { 200: adminActionResultSchema, ...refusals },
      },
    },
    async (request) => admin.revokeSessions(actorOf(request, request.body.reason), request.params.userId),
  );

  api.get(
    `${ADMIN_API_PREFIX}audit`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins only: the audit log of admin actions, newest first, filtered by action, admin or target; read only',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return audit.list(request.query);
    },
  );
};
