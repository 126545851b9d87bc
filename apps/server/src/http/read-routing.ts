import type { FastifyInstance } from 'fastify';
import { REPLICA_CHECK_INTERVAL_MS, runWithReadsThatMayLag } from '../db/replicas.js';

/** Set on the answer to a write: while the browser holds it, its reads go to the primary. */
export const RECENT_WRITE_COOKIE = 'aurum_recent_write';

/** Reads that only look (GET, HEAD) from a client that has not written lately may come from a replica. */
export function mayReadReplica(request: { method: string; recentWrite: boolean }): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !request.recentWrite;
}

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/**
 * Read-your-writes with replicas that may lag: a client that wrote gets a cookie for as long as a
 * replica may be behind and still be read (the lag limit, plus the checks that judge it), and
 * until it expires every read of theirs goes to the primary, whichever instance answers. Every
 * request runs in its routing context (db/replicas.ts); statements decide whether they may lag.
 */
export function registerReadRouting(app: FastifyInstance, options: { maxLagMs: number; secureCookies: boolean }): void {
  const maxAge = Math.ceil((options.maxLagMs + 2 * REPLICA_CHECK_INTERVAL_MS) / 1000);
  app.addHook('onRequest', (request, _reply, done) => {
    const recentWrite = request.cookies[RECENT_WRITE_COOKIE] !== undefined;
    runWithReadsThatMayLag(mayReadReplica({ method: request.method, recentWrite }), done);
  });
  app.addHook('onSend', async (request, reply) => {
    if (!isWrite(request.method) || reply.statusCode >= 400) return;
    reply.setCookie(RECENT_WRITE_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secureCookies, maxAge });
  });
}
