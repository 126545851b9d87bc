import { pushPublicKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { PushService } from './service.js';

export const pushRoutes: DomainRoutes<{ push: PushService }> = (app, { push }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/push/public-key',
    {
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key, for PushManager.subscribe",
        response: { 200: pushPublicKeySchema },
      },
    },
    async (request) => {
      // Only a signed-in browser subscribes; the key itself is no secret.
      requireViewer(request);
      return { publicKey: push.publicKey() };
    },
  );

  api.put(
    '/api/me/push-subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: "Store this browser's push subscription (idempotent by endpoint)",
        body: pushSubscriptionSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await push.subscribe(requireViewer(request).userId, request.body);
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/api/me/push-subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: "Forget this browser's push subscription (named by its endpoint)",
        querystring: pushUnsubscribeSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await push.unsubscribe(requireViewer(request).userId, request.query.endpoint);
      return reply.status(204).send(null);
    },
  );
};
