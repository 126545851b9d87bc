import { apiErrorSchema, REALTIME_PATH, REALTIME_POLICY_CLOSE } from '@aurum/core';
import type { FastifyRequest } from 'fastify';
import { requireViewer } from '../access/access.js';
import { comesFromThisSite } from '../http/csrf.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { errors } from '../http/errors.js';
import type { RealtimeHub, RealtimeSession } from './hub.js';

/**
 * The realtime websocket. The upgrade is always accepted, so that a refusal reaches the
 * browser as close code 1008 (after which it does not reconnect) rather than as a failed
 * handshake it would retry forever: no session, or a page of another site, is closed at once.
 */
export const realtimeRoutes: DomainRoutes<{
  realtime: RealtimeHub;
  publicUrl: string;
  /** The session a request carries (its cookie): the viewer, its token and when it expires. */
  sessionOf: (request: FastifyRequest) => Promise<RealtimeSession | null>;
}> = (app, { realtime, publicUrl, sessionOf }) => {
  const publicOrigin = new URL(publicUrl).origin;
  // Resolved before the upgrade completes, so the socket handler attaches its listeners at once.
  const sessions = new WeakMap<FastifyRequest, RealtimeSession | null>();
  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    schema: {
      tags: ['realtime'],
      summary:
        'The realtime websocket (upgrade with the session cookie; JSON frames: subscribe/unsubscribe a channel, events back). Without the upgrade: 426',
      response: { 401: apiErrorSchema, 426: apiErrorSchema },
    },
    preHandler: async (request) => {
      sessions.set(request, await sessionOf(request));
    },
    // A plain request, without the websocket upgrade.
    handler: async (request) => {
      requireViewer(request);
      throw errors.realtimeUpgradeRequired();
    },
    wsHandler: (socket, request) => {
      const session = sessions.get(request);
      if (!comesFromThisSite(request, publicOrigin)) return socket.close(REALTIME_POLICY_CLOSE, 'not from this site');
      if (!session) return socket.close(REALTIME_POLICY_CLOSE, 'not signed in');
      realtime.accept(socket, session);
    },
  });
};
