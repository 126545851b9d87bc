import { ROLE } from '@aurum/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../http/error-handler.js';
import { errors } from '../http/errors.js';
import type { Viewer } from '../http/viewer.js';
import { guardRoutes, type SecondFactorNeed } from './access.js';

/** A server whose viewer comes from headers: `x-labels`, and `x-checked` (the second factor the session passed). */
async function guardedApp() {
  const app = Fastify();
  registerErrorHandler(app, { onUnexpected: () => undefined });
  const asked: SecondFactorNeed[] = [];
  guardRoutes(app, async (viewer, needed) => {
    asked.push(needed);
    const passed = viewer.secondFactorAt ? (needed === 'session' ? true : viewer.secondFactorAt.getTime() > Date.now() - 600_000) : false;
    if (!passed) throw errors.stepUpRequired();
  });
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    const labels = request.headers['x-labels'];
    const checked = request.headers['x-checked'];
    request.viewer =
      typeof labels === 'string'
        ? ({
            userId: 'u',
            sessionId: 's',
            email: 'u@example.com',
            labels: labels ? labels.split(',') : [],
            secondFactorAt: typeof checked === 'string' ? new Date(checked) : null,
          } satisfies Viewer)
        : null;
  });
  await app.register(async (scope) => scope.get('/users', async () => ({ ok: true })), { prefix: '/api/admin' });
  app.post('/api/payout-methods', { config: { secondFactor: 'fresh' } }, async () => ({ ok: true }));
  app.post('/api/moderate', async (request) => {
    await request.requireFreshCheck();
    return { ok: true };
  });
  app.get('/api/other', async () => ({ ok: true }));
  const answer = async (method: 'GET' | 'POST', url: string, labels?: string, checked?: Date) =>
    (
      await app.inject({
        method,
        url,
        headers: { ...(labels === undefined ? {} : { 'x-labels': labels }), ...(checked ? { 'x-checked': checked.toISOString() } : {}) },
      })
    ).json();
  return { app, answer, asked };
}

describe('the route guards', () => {
  it('keep every route under /api/admin/ to admins whose session passed a second factor, even one whose handler checks nothing', async () => {
    const { app, answer, asked } = await guardedApp();
    const longAgo = new Date(Date.now() - 3_600_000);
    expect(await answer('GET', '/api/admin/users')).toMatchObject({ type: 'general_unauthorized_scope', statusCode: 401 });
    expect(await answer('GET', '/api/admin/users', ROLE.creators, longAgo)).toMatchObject({ type: 'admin_only', statusCode: 403 });
    expect(await answer('GET', '/api/admin/users', ROLE.admins)).toMatchObject({ type: 'step_up_required', statusCode: 403 });
    expect(await answer('GET', '/api/admin/users', `${ROLE.creators},${ROLE.admins}`, longAgo)).toEqual({ ok: true });
    expect(asked).toEqual(['session', 'session']);
    expect(await answer('GET', '/api/other')).toEqual({ ok: true });
    await app.close();
  });

  it('keep a route marked for a fresh check, or a handler that asks for one, to sessions checked in the last ten minutes', async () => {
    const { app, answer } = await guardedApp();
    const longAgo = new Date(Date.now() - 3_600_000);
    for (const url of ['/api/payout-methods', '/api/moderate']) {
      expect(await answer('POST', url)).toMatchObject({ type: 'general_unauthorized_scope', statusCode: 401 });
      expect(await answer('POST', url, ROLE.creators, longAgo)).toMatchObject({ type: 'step_up_required' });
      expect(await answer('POST', url, ROLE.creators, new Date())).toEqual({ ok: true });
    }
    await app.close();
  });
});
