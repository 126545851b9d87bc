import { apiErrorSchema, blockedUsersPageSchema, blockParamsSchema, blockStateSchema, blocksPageQuerySchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { BlocksService } from './service.js';

const tags = ['blocks'];

export const blocksRoutes: DomainRoutes<{ blocks: BlocksService }> = (app, { blocks }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/users/:userId/block',
    {
      schema: {
        tags,
        summary:
          "Block a user (blocking again changes nothing): they leave the viewer's feed, Explore and search, and the viewer stops following them",
        params: blockParamsSchema,
        response: { 200: blockStateSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => blocks.block(requireViewer(request).userId, request.params.userId),
  );

  api.delete(
    '/api/users/:userId/block',
    {
      schema: {
        tags,
        summary: 'Unblock a user; without a block nothing changes',
        params: blockParamsSchema,
        response: { 200: blockStateSchema },
      },
    },
    async (request) => blocks.unblock(requireViewer(request).userId, request.params.userId),
  );

  api.get(
    '/api/me/blocks',
    {
      schema: {
        tags,
        summary: 'The users the viewer blocked, most recently blocked first',
        querystring: blocksPageQuerySchema,
        response: { 200: blockedUsersPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => blocks.list(requireViewer(request).userId, request.query),
  );
};
