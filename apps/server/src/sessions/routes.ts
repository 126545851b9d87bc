import { accountSessionListSchema, apiErrorSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../access/access.js';
import type { Config } from '../config/config.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { SESSION_COOKIE, type SessionStore, sessionCookieOptions } from './sessions.js';

/** The member's own sessions: where they are signed in, and ending any of them. */
export const sessionsRoutes: DomainRoutes<{ sessions: SessionStore; config: Pick<Config, 'secureCookies'> }> = (
  app,
  { sessions, config },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/me/sessions',
    {
      schema: {
        tags: ['users'],
        summary: 'Where the viewer is signed in: device, browser, address and last use of each session',
        response: { 200: accountSessionListSchema },
      },
    },
    async (request) => ({ items: await sessions.listForViewer(requireViewer(request)) }),
  );

  api.delete(
    '/api/me/sessions/:sessionId',
    {
      schema: {
        tags: ['users'],
        summary: "End one of the viewer's sessions; ending the current one signs this device out",
        params: z.object({ sessionId: z.string().min(1).max(128) }),
        response: { 204: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await sessions.endForUser(viewer.userId, request.params.sessionId);
      if (request.params.sessionId === viewer.sessionId) {
        reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config.secureCookies));
      }
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/api/me/sessions',
    {
      schema: {
        tags: ['users'],
        summary: "End every session of the viewer's but this device's",
        response: { 200: z.object({ ended: z.number().int() }) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return { ended: await sessions.endOthers(viewer.userId, viewer.sessionId) };
    },
  );
};
