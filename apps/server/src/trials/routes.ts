import {
  apiErrorSchema,
  claimTrialSchema,
  createTrialLinkSchema,
  entityIdSchema,
  subscriptionParamsSchema,
  subscriptionSchema,
  trialCodeSchema,
  trialLinkPageSchema,
  trialLinkSchema,
  trialLinksQuerySchema,
  trialOfferSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCreator, requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { TrialsService } from './service.js';

const tags = ['trials'];
const codeParams = z.object({ code: trialCodeSchema });

export const trialsRoutes: DomainRoutes<{ trials: TrialsService }> = (app, { trials }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/me/trial-links',
    {
      schema: {
        tags,
        summary: 'A new free-trial link for one of the creator’s active plans: 1 to 30 days free, an optional limit on claims and end',
        body: createTrialLinkSchema,
        response: { 201: trialLinkSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await trials.create(requireCreator(request).userId, request.body)),
  );

  api.get(
    '/api/me/trial-links',
    {
      schema: {
        tags,
        summary: 'The creator’s free-trial links, newest first, each with its claims and the claims that went on to pay',
        querystring: trialLinksQuerySchema,
        response: { 200: trialLinkPageSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => trials.list(requireCreator(request).userId, request.query),
  );

  api.delete(
    '/api/me/trial-links/:linkId',
    {
      schema: {
        tags,
        summary: 'Stops offering a free-trial link: nobody may claim it any more; those who did keep their trial',
        params: z.object({ linkId: entityIdSchema }),
        response: { 200: trialLinkSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => trials.disable(requireCreator(request).userId, request.params.linkId),
  );

  api.get(
    '/api/trial-links/:code',
    {
      schema: {
        tags,
        summary: 'A free-trial link as the member sees it before claiming: the creator, the plan, the days, and why they may not claim it',
        params: codeParams,
        response: { 200: trialOfferSchema, 404: apiErrorSchema },
      },
    },
    async (request) => trials.offer(requireViewer(request).userId, request.params.code),
  );

  api.post(
    '/api/trial-links/:code/claim',
    {
      schema: {
        tags,
        summary: 'Claims a free trial with a saved payment method: subscribed until the trial ends, nothing charged now',
        description:
          'The subscription converts to paid when the trial ends (its first renewal) unless renewal is turned off; the member is reminded two days before. 404 no such link, 409 trial_unavailable (ended, full, no longer offered, already had a trial with this creator, already subscribed, one’s own), 503 payments unavailable.',
        params: codeParams,
        body: claimTrialSchema,
        response: { 201: subscriptionSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await trials.claim(requireViewer(request).userId, request.params.code, request.body)),
  );

  api.post(
    '/api/subscriptions/:subId/dev/end-trial',
    {
      schema: {
        tags,
        summary: 'Development provider only: ends the member’s own free trial now and converts it as its end would',
        description: '404 with any other payment provider, or for a subscription that is not the member’s own in its trial.',
        params: subscriptionParamsSchema,
        response: { 200: subscriptionSchema, 404: apiErrorSchema },
      },
    },
    async (request) => trials.endTrialNow(requireViewer(request).userId, request.params.subId),
  );
};
