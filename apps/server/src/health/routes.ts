import { apiErrorSchema, healthSchema, livenessSchema, readinessSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../db/database.js';
import { pingDatabase } from '../db/database.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { errors } from '../http/errors.js';
import type { Lifecycle } from './lifecycle.js';

export const APP_VERSION = '0.1.0';

export const healthRoutes: DomainRoutes<{ database: DatabaseHandle; lifecycle: Lifecycle }> = (app, { database, lifecycle }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const reachable = await pingDatabase(database.db);
      return reply
        .status(reachable ? 200 : 503)
        .send({ status: reachable ? 'ok' : 'degraded', database: { reachable, driver: database.driver }, version: APP_VERSION });
    },
  );

  // Liveness: restart the process when this stops answering. It touches nothing else.
  routes.get(
    '/api/health/live',
    { schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: livenessSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: send traffic only while this answers 200.
  routes.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and the server is not shutting down',
        response: { 200: readinessSchema, 503: apiErrorSchema },
      },
    },
    async () => {
      if (lifecycle.shuttingDown) throw errors.notReady({ message: 'The server is shutting down.' });
      if (!(await pingDatabase(database.db))) throw errors.notReady({ message: 'The database does not answer.' });
      return { status: 'ready' as const, database: { driver: database.driver } };
    },
  );
};
