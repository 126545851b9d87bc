import {
  apiErrorSchema,
  BOT_CHECK_ACTIONS,
  completeSignInSchema,
  currentUserSchema,
  passkeyAnswerSchema,
  passkeyOptionsSchema,
  requestCodeSchema,
  signInChallengeSchema,
  signInResultSchema,
  submitCodeSchema,
} from '@aurum/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BotCheck } from '../bot-check/service.js';
import type { Config } from '../config/config.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { SESSION_COOKIE, sessionCookieOptions } from '../sessions/sessions.js';
import type { UsersService } from '../users/service.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from './known-devices.js';
import type { AuthService, SignInMeta, StartedSession } from './service.js';

export const authRoutes: DomainRoutes<{
  auth: AuthService;
  botCheck: BotCheck;
  users: UsersService;
  config: Pick<Config, 'secureCookies'>;
}> = (app, { auth, botCheck, users, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = sessionCookieOptions(config.secureCookies);
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, cookieOptions);
  const metaOf = (request: FastifyRequest): SignInMeta => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    replacesToken: request.cookies[SESSION_COOKIE],
    deviceToken: request.cookies[DEVICE_COOKIE],
  });
  /** Sets the new session's cookie and the device's, and answers the signed-in user. */
  const signedIn = (reply: FastifyReply, { userId, token, expiresAt, deviceToken }: StartedSession) => {
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
    // Outlives sign-outs, so the next sign-in from this browser is recognised.
    reply.setCookie(DEVICE_COOKIE, deviceToken, { ...cookieOptions, maxAge: DEVICE_COOKIE_MAX_AGE_S });
    return users.getCurrentUser(userId);
  };

  api.post(
    '/api/auth/code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Request a sign-in code by e-mail',
        description:
          'Always answers the same way for known, new and disabled addresses. Rate limited per address and per IP. ' +
          'When the bot check is on (GET /api/client-config), `botToken` must be a reCAPTCHA v3 token for the action sign_in.',
        body: requestCodeSchema,
        response: { 200: signInChallengeSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      await botCheck.requirePerson(request.body.botToken, BOT_CHECK_ACTIONS.signIn, request.ip);
      const { challengeId } = await auth.requestCode(request.body.email, request.ip);
      return { challengeId, email: request.body.email };
    },
  );

  api.post(
    '/api/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the e-mail code or the token of the e-mailed link',
        description:
          'Creates the account on first sign-in. Replaces any session the browser already has. ' +
          'A sign-in from a device the user never signed in from is mailed to them. ' +
          'Wrong codes are limited per challenge and per address; a link token is not, since it cannot be guessed.',
        body: submitCodeSchema,
        response: { 200: signInResultSchema },
      },
    },
    async (request, reply) => {
      const { challengeId, ...answer } = request.body;
      const outcome = await auth.signIn(challengeId, answer, metaOf(request));
      if (!outcome.signedIn) return { secondFactor: { ticket: outcome.ticket, methods: outcome.methods } };
      return signedIn(reply, outcome);
    },
  );

  api.post(
    '/api/auth/second-factor',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second step of a sign-in: a passkey, a code from the authenticator app, or a recovery code',
        description: 'The ticket comes from POST /api/auth/session; it lasts 10 minutes and allows 5 wrong answers.',
        body: completeSignInSchema,
        response: { 200: currentUserSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { ticket, ...proof } = request.body;
      return signedIn(reply, await auth.completeSignIn(ticket, proof, metaOf(request)));
    },
  );

  api.post(
    '/api/auth/second-factor/passkey-options',
    {
      schema: {
        tags: ['auth'],
        summary: "Options for the browser to check a passkey of the ticket's account",
        body: z.object({ ticket: z.string().min(20).max(64) }),
        response: { 200: passkeyOptionsSchema, 400: apiErrorSchema },
      },
    },
    async (request) => auth.passkeyOptionsForTicket(request.body.ticket),
  );

  api.post(
    '/api/auth/passkey/options',
    {
      schema: {
        tags: ['auth'],
        summary: 'Options for signing in with a passkey alone (the browser offers the passkeys it holds for this site)',
        response: { 200: passkeyOptionsSchema, 429: apiErrorSchema },
      },
    },
    async (request) => auth.passkeySignInOptions(request.ip),
  );

  api.post(
    '/api/auth/passkey',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey: checked with the device’s own lock, it is both factors',
        body: passkeyAnswerSchema,
        response: { 200: currentUserSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => signedIn(reply, await auth.signInWithPasskey(request.body, metaOf(request))),
  );

  api.delete(
    '/api/auth/session',
    { schema: { tags: ['auth'], summary: 'Sign out', response: { 204: z.null() } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await auth.signOut(token);
      clearCookie(reply);
      return reply.status(204).send(null);
    },
  );
};
