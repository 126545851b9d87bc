import type { Readable } from 'node:stream';
import {
  adminChargeDetailSchema,
  adminChargeParamsSchema,
  adminChargesPageQuerySchema,
  adminChargesPageSchema,
  adminChargesQuerySchema,
  adminLedgerPageQuerySchema,
  adminLedgerPageSchema,
  adminLedgerQuerySchema,
  adminRefundResultSchema,
  adminRefundSchema,
  adminSubscriptionsPageQuerySchema,
  adminSubscriptionsPageSchema,
  adminSubscriptionsQuerySchema,
  apiErrorSchema,
} from '@aurum/core';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_API_PREFIX, requireAdmin } from '../access/access.js';
import { type DomainRoutes, refusals } from '../http/domain-routes.js';
import type { AdminPaymentsService } from './service.js';

const tags = ['admin'];
const csvAnswer = { 200: z.string().describe('CSV (text/csv), streamed'), ...refusals };

/** A CSV export as a download, streamed as the rows are read. */
function sendCsv(reply: FastifyReply, name: string, now: Date, body: Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="aurum-${name}-${now.toISOString().slice(0, 10)}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** The admin money area's API: lists with totals, CSV exports, one payment, refunds; all behind the admin guard. */
export const adminPaymentsRoutes: DomainRoutes<{ adminPayments: AdminPaymentsService; now: () => Date }> = (
  app,
  { adminPayments, now },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${ADMIN_API_PREFIX}payments`,
    {
      schema: {
        tags,
        summary:
          'Admins only: payments and refunds, newest first, filtered by dates, status, kind, creator and member, with totals per currency',
        querystring: adminChargesPageQuerySchema,
        response: { 200: adminChargesPageSchema, ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      return adminPayments.charges(request.query);
    },
  );

  api.get(
    `${ADMIN_API_PREFIX}payments.csv`,
    {
      schema: {
        tags,
        summary: 'Admins only: the filtered payments and refunds as CSV',
        querystring: adminChargesQuerySchema,
        response: csvAnswer,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      return sendCsv(reply, 'payments', now(), adminPayments.exportCharges(request.query));
    },
  );

  api.get(
    `${ADMIN_API_PREFIX}payments/:chargeId`,
    {
      schema: {
        tags,
        summary: 'Admins only: one payment or refund with its ledger entries, and whether it can be refunded',
        params: adminChargeParamsSchema,
        response: { 200: adminChargeDetailSchema, ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      return adminPayments.charge(request.params.chargeId);
    },
  );

  api.post(
    `${ADMIN_API_PREFIX}payments/:chargeId/refund`,
    {
      config: { secondFactor: 'fresh' },
      schema: {
        tags,
        summary:
          'Admins only: refunds the whole payment through the provider, audited. idempotencyKey is made once per attempt: sending it again returns the same refund. 409 charge_not_refundable, charge_already_refunded, refund_in_progress, idempotency_key_reused; 503 payment_provider_unavailable (the refund is settled later).',
        params: adminChargeParamsSchema,
        body: adminRefundSchema,
        response: { 200: adminRefundResultSchema, ...refusals, 409: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return adminPayments.refund(
        { adminId: admin.userId, requestId: request.id, reason: request.body.reason },
        request.params.chargeId,
        request.body,
      );
    },
  );

  api.get(
    `${ADMIN_API_PREFIX}ledger`,
    {
      schema: {
        tags,
        summary: 'Admins only: ledger entries, newest first, filtered by dates, kind, creator and member, with totals per currency',
        querystring: adminLedgerPageQuerySchema,
        response: { 200: adminLedgerPageSchema, ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      return adminPayments.ledger(request.query);
    },
  );

  api.get(
    `${ADMIN_API_PREFIX}ledger.csv`,
    {
      schema: {
        tags,
        summary: 'Admins only: the filtered ledger entries as CSV',
        querystring: adminLedgerQuerySchema,
        response: csvAnswer,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      return sendCsv(reply, 'ledger', now(), adminPayments.exportLedger(request.query));
    },
  );

  api.get(
    `${ADMIN_API_PREFIX}subscriptions`,
    {
      schema: {
        tags,
        summary: 'Admins only: subscriptions, newest first, filtered by dates, status, creator and member, with totals per currency',
        querystring: adminSubscriptionsPageQuerySchema,
        response: { 200: adminSubscriptionsPageSchema, ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      return adminPayments.subscriptions(request.query);
    },
  );

  api.get(
    `${ADMIN_API_PREFIX}subscriptions.csv`,
    {
      schema: {
        tags,
        summary: 'Admins only: the filtered subscriptions as CSV',
        querystring: adminSubscriptionsQuerySchema,
        response: csvAnswer,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      return sendCsv(reply, 'subscriptions', now(), adminPayments.exportSubscriptions(request.query));
    },
  );
};
