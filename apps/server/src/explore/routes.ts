import { apiErrorSchema, creatorsPageSchema, creatorsQuerySchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { ExploreService } from './service.js';

export const exploreRoutes: DomainRoutes<{ explore: ExploreService }> = (app, { explore }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/creators',
    {
      schema: {
        tags: ['explore'],
        summary:
          'Explore creators: search by handle or public name (any case), newest creators or most followed first; ' +
          'never the viewer or users they blocked',
        querystring: creatorsQuerySchema,
        response: { 200: creatorsPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => explore.creators(requireViewer(request).userId, request.query),
  );
};
