import {
  apiErrorSchema,
  createOfferSchema,
  creatorIdParamsSchema,
  entityIdSchema,
  memberOfferSchema,
  memberOffersQuerySchema,
  offerPageSchema,
  offerSchema,
  offersQuerySchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCreator, requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { OffersService } from './service.js';

const tags = ['offers'];

export const offersRoutes: DomainRoutes<{ offers: OffersService }> = (app, { offers }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/me/offers',
    {
      schema: {
        tags,
        summary:
          'A new discount on one of the creator’s active plans: a percentage or an amount off the first payments, for whom, when, how often',
        body: createOfferSchema,
        response: { 201: offerSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await offers.create(requireCreator(request).userId, request.body)),
  );

  api.get(
    '/api/me/offers',
    {
      schema: {
        tags,
        summary: 'The creator’s discounts, newest first, each with how many members subscribed with it',
        querystring: offersQuerySchema,
        response: { 200: offerPageSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => offers.list(requireCreator(request).userId, request.query),
  );

  api.delete(
    '/api/me/offers/:offerId',
    {
      schema: {
        tags,
        summary: 'Stops a discount: nobody may use it any more; those who did keep what it gave them',
        params: z.object({ offerId: entityIdSchema }),
        response: { 200: offerSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => offers.disable(requireCreator(request).userId, request.params.offerId),
  );

  api.get(
    '/api/creators/:creatorId/offers',
    {
      schema: {
        tags,
        summary: 'The discounts on a creator’s plans the member may use now: those for them, and the one whose link (code) they came by',
        params: creatorIdParamsSchema,
        querystring: memberOffersQuerySchema,
        response: { 200: z.object({ items: z.array(memberOfferSchema) }), 400: apiErrorSchema },
      },
    },
    async (request) => ({ items: await offers.forMember(requireViewer(request).userId, request.params.creatorId, request.query.code) }),
  );
};
