import { createPlanSchema, entityIdSchema, planSchema, updatePlanSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCreator, requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { PlansService } from './service.js';

const planParams = z.object({ planId: entityIdSchema });
const tags = ['plans'];

export const plansRoutes: DomainRoutes<{ plans: PlansService }> = (app, { plans }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/plans',
    {
      schema: { tags, summary: 'Create a plan (creators only); it starts inactive', body: createPlanSchema, response: { 201: planSchema } },
    },
    async (request, reply) => reply.status(201).send(await plans.create(requireCreator(request).userId, request.body)),
  );

  api.get(
    '/api/plans',
    { schema: { tags, summary: "The signed-in user's own plans, active or not, newest first", response: { 200: z.array(planSchema) } } },
    async (request) => plans.listOwn(requireViewer(request).userId),
  );

  api.get(
    '/api/plans/:planId',
    {
      schema: {
        tags,
        summary: 'One plan: the owner sees it in any state, others only while it is active',
        params: planParams,
        response: { 200: planSchema },
      },
    },
    async (request) => plans.get(requireViewer(request).userId, request.params.planId),
  );

  api.patch(
    '/api/plans/:planId',
    {
      schema: {
        tags,
        summary: 'Update a plan (owner only; price and currency are fixed while it has subscribers)',
        params: planParams,
        body: updatePlanSchema,
        response: { 200: planSchema },
      },
    },
    async (request) => plans.update(requireCreator(request).userId, request.params.planId, request.body),
  );

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    api.post(
      `/api/plans/:planId/${action}`,
      {
        schema: {
          tags,
          summary: `${action === 'activate' ? 'Offer' : 'Stop offering'} a plan (owner only)`,
          params: planParams,
          response: { 200: planSchema },
        },
      },
      async (request) => plans.setActive(requireCreator(request).userId, request.params.planId, active),
    );
  }

  api.get(
    '/api/users/:userId/plans',
    {
      schema: {
        tags,
        summary: "A creator's active plans, cheapest first",
        params: z.object({ userId: entityIdSchema }),
        response: { 200: z.array(planSchema) },
      },
    },
    async (request) => {
      requireViewer(request);
      return plans.listActive(request.params.userId);
    },
  );
};
