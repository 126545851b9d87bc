import { apiErrorSchema, fansPageSchema, fansQuerySchema, myCreatorsPageSchema, myCreatorsQuerySchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCreator, requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { PeopleService } from './service.js';

const tags = ['people'];

export const peopleRoutes: DomainRoutes<{ people: PeopleService }> = (app, { people }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/me/creators',
    {
      schema: {
        tags,
        summary: 'The creators the viewer follows or subscribes to (relation: all, following, subscribed), newest first',
        querystring: myCreatorsQuerySchema,
        response: { 200: myCreatorsPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => people.myCreators(requireViewer(request).userId, request.query),
  );

  api.get(
    '/api/me/fans',
    {
      schema: {
        tags,
        summary: "Creators only: the viewer's fans (relation: all, followers, subscribers; a plan; search by handle or name), newest first",
        querystring: fansQuerySchema,
        response: { 200: fansPageSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => people.fans(requireCreator(request).userId, request.query),
  );
};
