import { apiErrorSchema, MEDIA_USAGE_PATH, mediaStatusSchema, mediaUsageSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { MediaService } from './service.js';

const params = z.object({ mediaId: z.string().regex(/^[\w-]{1,64}$/, 'Not a valid id') });

/** The owner's view of their uploads. Media bytes are served only by the routes that check access (posts, profiles). */
export const mediaRoutes: DomainRoutes<{ media: MediaService }> = (app, { media }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    MEDIA_USAGE_PATH,
    {
      schema: {
        tags: ['media'],
        summary: "The viewer's storage: what their uploads take (sizes as uploaded) and their quota (null: no limit)",
        response: { 200: mediaUsageSchema },
      },
    },
    async (request) => media.getUsage(requireViewer(request).userId),
  );

  api.get(
    '/api/media/:mediaId/status',
    {
      schema: {
        tags: ['media'],
        summary: 'Processing status of an upload (owner only; 404 for anyone else)',
        params,
        response: { 200: mediaStatusSchema, 404: apiErrorSchema },
      },
    },
    async (request) => media.getStatus(requireViewer(request).userId, request.params.mediaId),
  );

  api.delete(
    '/api/media/:mediaId',
    {
      schema: {
        tags: ['media'],
        summary: 'Delete an upload that no post uses (owner only)',
        params,
        response: { 204: z.null(), 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await media.deleteOwnMedia(requireViewer(request).userId, request.params.mediaId);
      return reply.status(204).send(null);
    },
  );
};
