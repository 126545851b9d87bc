import { healthSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../db/database.js';
import { pingDatabase } from '../db/database.js';
import type { DomainRoutes } from '../http/domain-routes.js';

export const APP_VERSION = '0.1.0';

export const healthRoutes: DomainRoutes<{ database: DatabaseHandle }> = (app, { database }) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        const reachable = await pingDatabase(database.db);
        return reply
          .status(reachable ? 200 : 503)
          .send({ status: reachable ? 'ok' : 'degraded', database: { reachable, driver: database.driver }, version: APP_VERSION });
      },
    );
};
