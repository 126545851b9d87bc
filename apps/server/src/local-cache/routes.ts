import { cachedDocumentsQuerySchema, cachedDocumentsSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { LocalCacheService } from './service.js';

export const localCacheRoutes: DomainRoutes<{ localCache: LocalCacheService }> = (app, { localCache }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/me/cached-documents',
    {
      schema: {
        tags: ['local cache'],
        summary:
          "Which of up to 16 documents the browser cached the viewer can still open (the cache's maintenance); `locked`: posts present whose content the viewer may no longer see",
        querystring: cachedDocumentsQuerySchema,
        response: { 200: cachedDocumentsSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const ids = [...new Set(request.query.ids.split(','))];
      return localCache.check(viewer.userId, request.query.collection, ids);
    },
  );
};
