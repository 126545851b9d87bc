import {
  adminCreatorPayoutsSchema,
  adminPayoutsPageSchema,
  adminPayoutsQuerySchema,
  apiErrorSchema,
  creatorHoldSchema,
  creatorIdParamsSchema,
  holdPayoutsSchema,
  markPayoutSchema,
  payoutIdParamsSchema,
  payoutSchema,
  retryPayoutSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_API_PREFIX } from '../access/access.js';
import { actorOf } from '../audit/audit-log.js';
import { type DomainRoutes, refusals } from '../http/domain-routes.js';
import type { AdminPayoutsService } from './admin.js';
import type { ManualTransfers } from './manual-transfers.js';

const tags = ['admin'];

export const adminPayoutsRoutes: DomainRoutes<{ adminPayouts: AdminPayoutsService; manualTransfers: ManualTransfers }> = (
  app,
  { adminPayouts, manualTransfers },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${ADMIN_API_PREFIX}payouts`,
    {
      schema: {
        tags,
        summary:
          "Admins only: creators' payouts, newest first, filtered by state, creator and currency, with totals per currency and state",
        querystring: adminPayoutsQuerySchema,
        response: { 200: adminPayoutsPageSchema, ...refusals },
      },
    },
    async (request) => adminPayouts.list(request.query),
  );

  api.post(
    `${ADMIN_API_PREFIX}payouts/:payoutId/retry`,
    {
      config: { secondFactor: 'fresh' },
      schema: {
        tags,
        summary:
          "Admins only: sends a failed payout again (a new payout of the creator's available balance, once per failed payout), audited. 409 payout_not_retryable and a withdrawal's refusals.",
        params: payoutIdParamsSchema,
        body: retryPayoutSchema,
        response: { 200: payoutSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) => adminPayouts.retry(actorOf(request, request.body.reason), request.params.payoutId),
  );

  api.get(
    `${ADMIN_API_PREFIX}payouts/manual-export`,
    {
      schema: {
        tags,
        summary:
          'Admins only: every payout in flight by manual bank transfer, as CSV with the bank details to pay it by. Audited: a row per creator whose details it holds.',
        response: { 200: z.string().describe('CSV (text/csv)'), ...refusals },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await manualTransfers.exportCsv(actorOf(request, undefined));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  api.post(
    `${ADMIN_API_PREFIX}payouts/:payoutId/mark`,
    {
      config: { secondFactor: 'fresh' },
      schema: {
        tags,
        summary:
          "Admins only: a manual bank transfer's outcome: paid, or failed with the reason the creator is shown (the amount goes back to their balance). Audited. 409 payout_not_manual, payout_not_in_flight.",
        params: payoutIdParamsSchema,
        body: markPayoutSchema,
        response: { 200: payoutSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) => manualTransfers.mark(actorOf(request, request.body.reason), request.params.payoutId, request.body),
  );

  api.get(
    `${ADMIN_API_PREFIX}creators/:creatorId/payouts`,
    {
      schema: {
        tags,
        summary: "Admins only: a creator's balances, their own hold and whether their payouts are held",
        params: creatorIdParamsSchema,
        response: { 200: adminCreatorPayoutsSchema, ...refusals },
      },
    },
    async (request) => adminPayouts.creator(request.params.creatorId),
  );

  api.put(
    `${ADMIN_API_PREFIX}creators/:creatorId/payouts/hold`,
    {
      config: { secondFactor: 'fresh' },
      schema: {
        tags,
        summary:
          "Admins only: the days this creator's earnings are held (null: the platform's); what they have held moves by the change. Audited.",
        params: creatorIdParamsSchema,
        body: creatorHoldSchema,
        response: { 200: adminCreatorPayoutsSchema, ...refusals },
      },
    },
    async (request) => adminPayouts.setHold(actorOf(request, request.body.reason), request.params.creatorId, request.body.holdDays),
  );

  api.put(
    `${ADMIN_API_PREFIX}creators/:creatorId/payouts/held`,
    {
      config: { secondFactor: 'fresh' },
      schema: {
        tags,
        summary: "Admins only: stop this creator's payouts, or let them go again, with a reason. Audited.",
        params: creatorIdParamsSchema,
        body: holdPayoutsSchema,
        response: { 200: adminCreatorPayoutsSchema, ...refusals },
      },
    },
    async (request) => adminPayouts.holdPayouts(actorOf(request, request.body.reason), request.params.creatorId, request.body.held),
  );
};
