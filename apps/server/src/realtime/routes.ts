import { apiErrorSchema, REALTIME_PATH, REALTIME_POLICY_CLOSE } from '@aurum/core';
import type { FastifyRequest } from 'fastify';
import { comesFromThisSite } from '../http/csrf.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { errors } from '../http/errors.js';
import { requireViewer } from '../http/viewer.js';
import type { RealtimeHub } from './hub.js';

/**
 * The realtime websocket. The upgrade is always accepted, so that a refusal reaches the
 * browser as close code 1008 (after which it does not reconnect) rather than as a failed
 * handshake it would retry forever: no session, or a page of another site, is closed at once.
 */
export const realtimeRoutes: DomainRoutes<{
  realtime: RealtimeHub;
  publicUrl: string;
  /** The session token a request carries (its cookie). */
  sessionToken: (request: FastifyRequest) => string | undefined;
}> = (app, { realtime, publicUrl, sessionToken }) => {
  const publicOrigin = new URL(publicUrl).origin;
  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    schema: {
      tags: ['realtime'],
      summary:
        'The realtime websocket (upgrade with the session cookie; JSON frames: subscribe/unsubscribe a channel, events back). Without the upgrade: 426',
      response: { 401: apiErrorSchema, 426: apiErrorSchema },
    },
    // A plain request, without the websocket upgrade.
    handler: async (request) => {
      requireViewer(request);
      throw errors.realtimeUpgradeRequired();
    },
    wsHandler: (socket, request) => {
      const token = sessionToken(request);
      if (!comesFromThisSite(request, publicOrigin)) return socket.close(REALTIME_POLICY_CLOSE, 'not from this site');
      if (!request.viewer || !token) return socket.close(REALTIME_POLICY_CLOSE, 'not signed in');
      realtime.accept(socket, token, request.viewer);
    },
  });
};
