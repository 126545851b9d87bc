import {
  apiErrorSchema,
  entityIdSchema,
  massMessageAudienceQuerySchema,
  massMessageAudienceSchema,
  massMessageDetailsSchema,
  massMessageInputSchema,
  massMessageSchema,
  massMessagesPageSchema,
  massMessagesQuerySchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCreator } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { MassMessagesService } from './service.js';

const tags = ['mass messages'];
const params = z.object({ massMessageId: entityIdSchema });
const failures = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Creators only, about their own mass messages. */
export const massMessagesRoutes: DomainRoutes<{ massMessages: MassMessagesService }> = (app, { massMessages }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/me/mass-messages',
    {
      schema: {
        tags,
        summary:
          'A message to the fans on some lists (less others), now or at a time, with media and an optional price; delivered into each fan’s chat by a job',
        body: massMessageInputSchema,
        response: { 201: massMessageSchema, ...failures, 409: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await massMessages.create(requireCreator(request).userId, request.body)),
  );

  api.get(
    '/api/me/mass-messages/audience',
    {
      schema: {
        tags,
        summary: 'How many fans a mass message to these lists (comma-separated references) would reach now',
        querystring: massMessageAudienceQuerySchema,
        response: { 200: massMessageAudienceSchema, ...failures },
      },
    },
    async (request) => massMessages.audience(requireCreator(request).userId, request.query.include, request.query.exclude),
  );

  api.get(
    '/api/me/mass-messages',
    {
      schema: {
        tags,
        summary: 'The creator’s mass messages, newest first, with how far each was delivered',
        querystring: massMessagesQuerySchema,
        response: { 200: massMessagesPageSchema, ...failures },
      },
    },
    async (request) => massMessages.list(requireCreator(request).userId, request.query),
  );

  api.get(
    '/api/me/mass-messages/:massMessageId',
    {
      schema: {
        tags,
        summary: 'One mass message with what came of it: recipients, delivered, read, bought and earned',
        params,
        response: { 200: massMessageDetailsSchema, ...failures },
      },
    },
    async (request) => massMessages.details(requireCreator(request).userId, request.params.massMessageId),
  );

  api.post(
    '/api/me/mass-messages/:massMessageId/unsend',
    {
      schema: {
        tags,
        summary: 'Takes a mass message back: no more copies go out, and those nobody read or bought leave their chats',
        params,
        response: { 200: massMessageDetailsSchema, ...failures },
      },
    },
    async (request) => massMessages.unsend(requireCreator(request).userId, request.params.massMessageId),
  );
};
