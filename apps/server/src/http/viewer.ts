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
