import {
  acceptTermsSchema,
  currentUserSchema,
  handleSchema,
  preferencesSchema,
  publicProfileSchema,
  setupProfileSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../access/access.js';
import type { Config } from '../config/config.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { SESSION_COOKIE, sessionCookieOptions } from '../sessions/sessions.js';
import type { UsersService } from './service.js';

export const usersRoutes: DomainRoutes<{ users: UsersService; config: Pick<Config, 'secureCookies'> }> = (app, { users, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user (account, data, profile, roles, follows, subscriptions)',
        response: { 200: currentUserSchema },
      },
    },
    async (request) => users.getCurrentUser(requireViewer(request).userId),
  );

  api.post(
    '/api/me/terms',
    { schema: { tags: ['users'], summary: 'Accept the terms of service', body: acceptTermsSchema, response: { 200: currentUserSchema } } },
    async (request) => users.acceptTerms(requireViewer(request).userId, request.body.version),
  );

  api.post(
    '/api/me/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Set handle, public name and avatar colour; completes registration',
        body: setupProfileSchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => users.setupProfile(requireViewer(request).userId, request.body),
  );

  api.put(
    '/api/me/preferences',
    {
      schema: {
        tags: ['users'],
        summary:
          'Change the settings of personal details (e-mail about unread chat messages, push notifications per kind); only the named ones change',
        body: preferencesSchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => users.setPreferences(requireViewer(request).userId, request.body),
  );

  api.post(
    '/api/me/heartbeat',
    { schema: { tags: ['users'], summary: 'Refresh online status', response: { 204: z.null() } } },
    async (request, reply) => {
      await users.touchOnline(requireViewer(request));
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/api/me',
    { schema: { tags: ['users'], summary: 'Delete (disable) the account and end all its sessions', response: { 204: z.null() } } },
    async (request, reply) => {
      await users.disableAccount(requireViewer(request).userId);
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config.secureCookies));
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/handles/:handle',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether a handle is free',
        params: z.object({ handle: handleSchema }),
        response: { 200: z.object({ handle: z.string(), available: z.boolean() }) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return { handle: request.params.handle, available: await users.isHandleAvailable(request.params.handle, viewer.userId) };
    },
  );

  api.get(
    '/api/users/:userId',
    {
      schema: {
        tags: ['users'],
        summary: 'A user profile',
        params: z.object({ userId: z.string().min(1).max(64) }),
        response: { 200: publicProfileSchema },
      },
    },
    async (request) => {
      requireViewer(request);
      return users.getPublicProfile(request.params.userId);
    },
  );
};
