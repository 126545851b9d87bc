import { apiErrorSchema, seenInputSchema, seenListSchema, seenQuerySchema, seenRecordSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { SeenService } from './service.js';

const tags = ['seen'];

export const seenRoutes: DomainRoutes<{ seen: SeenService }> = (app, { seen }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/seen',
    {
      schema: {
        tags,
        summary: 'Mark a post seen after it was on screen for `duration` ms; a duplicate answers 409 already_seen (ignore it)',
        body: seenInputSchema,
        response: { 201: seenRecordSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await seen.record(requireViewer(request).userId, request.body)),
  );

  api.get(
    '/api/me/seen',
    {
      schema: {
        tags,
        summary: "The signed-in user's latest seen records, newest first (at most 500)",
        querystring: seenQuerySchema,
        response: { 200: seenListSchema },
      },
    },
    async (request) => seen.latest(requireViewer(request).userId, request.query.limit),
  );
};
