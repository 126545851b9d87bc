import { ROLE } from '@aurum/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../http/error-handler.js';
import type { Viewer } from '../http/viewer.js';
import { guardAdminRoutes } from './access.js';

describe('the admin guard', () => {
  it('keeps every route under /api/admin/ to admins, even one whose handler checks nothing', async () => {
    const app = Fastify();
    registerErrorHandler(app, { onUnexpected: () => undefined });
    guardAdminRoutes(app);
    app.decorateRequest('viewer', null);
    app.addHook('onRequest', async (request) => {
      const labels = request.headers['x-labels'];
      request.viewer =
        typeof labels === 'string' ? ({ userId: 'u', sessionId: 's', email: 'u@example.com', labels: labels.split(',') } as Viewer) : null;
    });
    await app.register(async (scope) => scope.get('/users', async () => ({ ok: true })), { prefix: '/api/admin' });
    app.get('/api/other', async () => ({ ok: true }));

    const answer = async (url: string, labels?: string) => app.inject({ url, headers: labels === undefined ? {} : { 'x-labels': labels } });
    expect((await answer('/api/admin/users')).json()).toMatchObject({ type: 'general_unauthorized_scope', statusCode: 401 });
    expect((await answer('/api/admin/users', ROLE.creators)).json()).toMatchObject({ type: 'admin_only', statusCode: 403 });
    expect((await answer('/api/admin/users', `${ROLE.creators},${ROLE.admins}`)).json()).toEqual({ ok: true });
    expect((await answer('/api/other')).json()).toEqual({ ok: true });
    await app.close();
  });
});
