import { payoutMethodInputSchema, payoutMethodSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { PayoutsService } from './service.js';

const methodParams = z.object({ methodId: z.string().min(1).max(64) });

export const payoutsRoutes: DomainRoutes<{ payouts: PayoutsService }> = (app, { payouts }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payouts'];

  api.get(
    '/api/payout-methods',
    { schema: { tags, summary: "The signed-in user's payout methods, newest first", response: { 200: z.array(payoutMethodSchema) } } },
    async (request) => payouts.list(requireViewer(request).userId),
  );

  api.post(
    '/api/payout-methods',
    {
      schema: {
        tags,
        summary: 'Add a bank account or PayPal payout method',
        description:
          'Bank account: holder name, country, currency and an IBAN (checked) or an account number (US: with a routing number). Only the last 4 characters are kept. The new method becomes active unless makeActive is false. Completes the payout step of creator sign-up.',
        body: payoutMethodInputSchema,
        response: { 201: payoutMethodSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await payouts.add(requireViewer(request).userId, request.body)),
  );

  api.post(
    '/api/payout-methods/:methodId/activate',
    {
      schema: {
        tags,
        summary: 'Make this the payout method earnings go to (the others become inactive)',
        params: methodParams,
        response: { 200: payoutMethodSchema },
      },
    },
    async (request) => payouts.activate(requireViewer(request).userId, request.params.methodId),
  );

  api.delete(
    '/api/payout-methods/:methodId',
    {
      schema: {
        tags,
        summary: 'Remove a payout method; if it was active, the newest remaining one becomes active',
        params: methodParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await payouts.remove(requireViewer(request).userId, request.params.methodId);
      return reply.status(204).send(null);
    },
  );
};
