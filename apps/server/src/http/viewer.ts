import type { FastifyRequest } from 'fastify';
import { AppError, errors } from './errors.js';

/** The signed-in user behind a request; auth/ resolves it from the session cookie. */
export interface Viewer {
  userId: string;
  sessionId: string;
  email: string;
  labels: string[];
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

/** The signed-in viewer when they carry the creators label (only the server sets it), else 403 creator_required. */
export function requireCreator(request: FastifyRequest): Viewer {
  const viewer = requireViewer(request);
  if (!viewer.labels.includes('creators')) throw new AppError(403, 'creator_required', 'Only creators can do that.');
  return viewer;
}
