import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { AuthService } from '../auth/service.js';
import type { SessionStore, Viewer } from '../auth/sessions.js';
import type { Config } from '../config/config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { UsersService } from '../users/service.js';
import { errors } from './errors.js';

/** Everything route handlers reach: built once in buildApp and passed to each domain's routes. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  sessions: SessionStore;
  auth: AuthService;
  users: UsersService;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

/** The signed-in viewer, or a 401 for anonymous requests. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw errors.unauthenticated();
  return request.viewer;
}

export type DomainRoutes = (app: FastifyInstance, context: AppContext) => void | Promise<void>;
