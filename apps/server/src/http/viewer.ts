/** The signed-in user behind a request; auth/ resolves it from the session cookie. */
export interface Viewer {
  userId: string;
  sessionId: string;
  email: string;
  labels: string[];
  /** When this session last passed a second factor; null if it never did. */
  secondFactorAt: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}
