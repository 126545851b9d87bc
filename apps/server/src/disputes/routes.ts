import {
  adminChargeParamsSchema,
  adminDisputeSchema,
  adminDisputesPageSchema,
  adminDisputesQuerySchema,
  apiErrorSchema,
  closeTestDisputeSchema,
  disputeIdParamsSchema,
  openTestDisputeSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_API_PREFIX } from '../access/access.js';
import { actorOf } from '../audit/audit-log.js';
import { type DomainRoutes, refusals } from '../http/domain-routes.js';
import type { AdminDisputesList } from './admin-list.js';
import type { DisputesService } from './service.js';

const tags = ['admin'];

/** The admin's disputes: the list, and with the development provider, test disputes to try the flow without Stripe. */
export const adminDisputesRoutes: DomainRoutes<{ disputes: DisputesService; disputesList: AdminDisputesList }> = (
  app,
  { disputes, disputesList },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${ADMIN_API_PREFIX}disputes`,
    {
      schema: {
        tags,
        summary:
          'Admins only: disputes of payments (chargebacks), newest first or the soonest evidence deadline first, filtered by state or open only, with the payment, member, creator, amount, fee and where to send evidence',
        querystring: adminDisputesQuerySchema,
        response: { 200: adminDisputesPageSchema, ...refusals },
      },
    },
    async (request) => disputesList.page(request.query),
  );

  api.post(
    `${ADMIN_API_PREFIX}payments/:chargeId/test-dispute`,
    {
      schema: {
        tags,
        summary:
          "Admins only, development provider only (404 otherwise): the member's bank disputes the whole payment now; the creator is debited the payment and the dispute fee. Audited. 409 charge_not_disputable, charge_already_disputed.",
        params: adminChargeParamsSchema,
        body: openTestDisputeSchema,
        response: { 201: adminDisputeSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await disputes.openTest(actorOf(request, request.body.reason), request.params.chargeId)),
  );

  api.post(
    `${ADMIN_API_PREFIX}disputes/:disputeId/test-close`,
    {
      schema: {
        tags,
        summary:
          'Admins only, development provider only (404 otherwise): the bank decides a test dispute; won gives the creator the payment back (not the fee). Audited. 409 dispute_closed.',
        params: disputeIdParamsSchema,
        body: closeTestDisputeSchema,
        response: { 200: adminDisputeSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) => disputes.closeTest(actorOf(request, request.body.reason), request.params.disputeId, request.body.outcome),
  );
};
