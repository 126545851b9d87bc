import {
  adminActionSchema,
  adminUserParamsSchema,
  apiErrorSchema,
  manualVerificationRequestSchema,
  manualVerificationResultSchema,
  myVerificationRequestSchema,
  verificationDecisionSchema,
  verificationRequestDetailSchema,
  verificationRequestParamsSchema,
  verificationRequestsPageSchema,
  verificationRequestsQuerySchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_API_PREFIX, requireAdmin, requireViewer } from '../access/access.js';
import type { Config } from '../config/config.js';
import { WEBHOOK_PREFIX } from '../http/csrf.js';
import { type DomainRoutes, refusals } from '../http/domain-routes.js';
import { registerRawBodyRoutes } from '../http/raw-body.js';
import { registerDevProviderPages } from './dev-pages.js';
import { DevVerificationProvider } from './dev-provider.js';
import type { VerificationService } from './service.js';

export const verificationRoutes: DomainRoutes<{ verification: VerificationService; config: Pick<Config, 'publicUrl'> }> = async (
  app,
  { verification, config },
) => {
  await registerRawBodyRoutes(app, (webhooks) => {
    webhooks.withTypeProvider<ZodTypeProvider>().post(
      `${WEBHOOK_PREFIX}verification/:provider`,
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Verification results from the identity provider',
          description:
            'Called by the provider, not the browser: authenticated by its signature header (Stripe-Signature for stripe), 400 webhook_signature_invalid otherwise. A repeated event changes nothing.',
          security: [],
          params: z.object({ provider: z.string().max(40) }),
          response: {
            200: z.object({
              received: z.literal(true),
              outcome: z.enum(['applied', 'duplicate', 'unchanged', 'ignored', 'unknown_session']),
            }),
          },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await verification.handleWebhook(request.params.provider, request.headers, rawBody);
        return { received: true as const, outcome };
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    `${ADMIN_API_PREFIX}users/:userId/age-verification`,
    {
      schema: {
        tags: ['admin'],
        summary: "Admins only: confirms a user's age by hand, recorded as a verification decided by the admin",
        description:
          'Grants the creators label when the rest of sign-up is done, and writes an audit row. Repeating it records nothing new.',
        params: adminUserParamsSchema,
        body: adminActionSchema.optional(),
        response: { 200: manualVerificationResultSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      verification.verifyManually(
        { adminId: requireAdmin(request).userId, requestId: request.id, reason: request.body?.reason },
        request.params.userId,
      ),
  );

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/me/verification-requests',
    {
      schema: {
        tags: ['verification'],
        summary: 'Ask an admin to check your age by hand, with an optional note',
        description:
          '409 identity_already_verified once verified, 409 verification_request_pending while another manual request waits, 403 registration_incomplete before registration.',
        body: manualVerificationRequestSchema,
        response: { 201: myVerificationRequestSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await verification.requestManual(requireViewer(request).userId, request.body.note);
      return reply.code(201).send(created);
    },
  );

  api.get(
    '/api/me/verification-requests',
    {
      schema: {
        tags: ['verification'],
        summary: 'Your verification requests (provider sessions and manual checks), newest first',
        response: { 200: z.object({ items: z.array(myVerificationRequestSchema) }), 401: apiErrorSchema },
      },
    },
    async (request) => verification.myRequests(requireViewer(request).userId),
  );

  api.get(
    `${ADMIN_API_PREFIX}verification-requests`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins only: verification requests newest first, filtered by status, kind and member (their history)',
        querystring: verificationRequestsQuerySchema,
        response: { 200: verificationRequestsPageSchema, ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      return verification.list(request.query);
    },
  );

  api.get(
    `${ADMIN_API_PREFIX}verification-requests/:requestId`,
    {
      schema: {
        tags: ['admin'],
        summary: "Admins only: one verification request with the member and the provider's event trail",
        params: verificationRequestParamsSchema,
        response: { 200: verificationRequestDetailSchema, ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      return verification.detail(request.params.requestId);
    },
  );

  api.post(
    `${ADMIN_API_PREFIX}verification-requests/:requestId/decision`,
    {
      schema: {
        tags: ['admin'],
        summary: "Admins only: approve or decline a member's manual request with a reason (audited; the member is told)",
        description: '409 verification_not_manual for provider sessions, 409 verification_already_decided once decided.',
        params: verificationRequestParamsSchema,
        body: verificationDecisionSchema,
        response: { 200: verificationRequestDetailSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) =>
      verification.decide(
        { adminId: requireAdmin(request).userId, requestId: request.id, reason: request.body.reason },
        request.params.requestId,
        request.body.decision,
        request.body.reason,
      ),
  );

  const provider = verification.provider;
  if (!provider) {
    app.log.warn('identity verification is off: set VERIFICATION_PROVIDER (stripe, or dev for a non-production trial)');
  } else if (provider instanceof DevVerificationProvider) {
    app.log.warn('identity verification uses the development provider: anyone can approve themselves');
    await registerDevProviderPages(app, { provider, verification, publicUrl: config.publicUrl });
  }
};
