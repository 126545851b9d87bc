import { apiErrorSchema, entityIdSchema, likeStateSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { LikesService } from './service.js';

const postParams = z.object({ postId: entityIdSchema });
const tags = ['likes'];

export const likesRoutes: DomainRoutes<{ likes: LikesService }> = (app, { likes }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/posts/:postId/like',
    {
      schema: {
        tags,
        summary: 'Like a post whose content the viewer can see (idempotent); locked posts answer 403 post_locked',
        params: postParams,
        response: { 200: likeStateSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => likes.like(requireViewer(request).userId, request.params.postId),
  );

  api.delete(
    '/api/posts/:postId/like',
    {
      schema: {
        tags,
        summary: 'Take back a like (idempotent: no like is a no-op)',
        params: postParams,
        response: { 200: likeStateSchema, 404: apiErrorSchema },
      },
    },
    async (request) => likes.unlike(requireViewer(request).userId, request.params.postId),
  );
};
