import { apiErrorSchema, creatorIdParamsSchema, tipRequestSchema, tipSchema, tipSettingsSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCreator, requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { TipsService } from './service.js';

const tags = ['tips'];

export const tipsRoutes: DomainRoutes<{ tips: TipsService }> = (app, { tips }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/creators/:creatorId/tip-settings',
    {
      schema: {
        tags,
        summary: 'What a tip to this creator may be: whether they take tips, in which currency, from what amount',
        params: creatorIdParamsSchema,
        response: { 200: tipSettingsSchema, 404: apiErrorSchema },
      },
    },
    async (request) => tips.settingsFor(requireViewer(request).userId, request.params.creatorId),
  );

  api.put(
    '/api/me/tip-settings',
    {
      schema: {
        tags,
        summary: "The creator's tip settings: on or off, the currency and the smallest tip",
        body: tipSettingsSchema,
        response: { 200: tipSettingsSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => tips.updateSettings(requireCreator(request).userId, request.body),
  );

  api.post(
    '/api/creators/:creatorId/tips',
    {
      schema: {
        tags,
        summary: 'Tip a creator, on their profile, on one of their posts or in the chat with them, with a saved payment method',
        description:
          'idempotencyKey is made by the client once per attempt: sending it again returns the first outcome and never charges twice. A tip in a chat (chatId) shows there as the tipper’s message once paid. 400 restricted_words, 402 payment_declined, 403 chat_read_only or chat_blocked (the chat is not open for the tipper to write), 404 no such creator, post or chat for the viewer, 409 tips_disabled, payment_pending, tip_key_reused, 422 tip_amount_invalid (below the creator’s minimum, above the maximum, another currency).',
        params: creatorIdParamsSchema,
        body: tipRequestSchema,
        response: {
          201: tipSchema,
          400: apiErrorSchema,
          402: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await tips.give(requireViewer(request).userId, request.params.creatorId, request.body)),
  );
};
