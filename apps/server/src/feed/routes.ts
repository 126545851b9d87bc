import { apiErrorSchema, feedPageSchema, feedQuerySchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { FeedService } from './service.js';

export const feedRoutes: DomainRoutes<{ feed: FeedService }> = (app, { feed }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/feed',
    {
      schema: {
        tags: ['feed'],
        summary:
          "The viewer's feed, newest first: public posts, their own, followed creators' follower posts and subscribed posts, " +
          'without seen posts (unless `seen=include`) or blocked creators; with sneak peeks of other creators mixed in unless filtered to one creator',
        querystring: feedQuerySchema,
        response: { 200: feedPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => feed.page(requireViewer(request).userId, request.query),
  );
};
