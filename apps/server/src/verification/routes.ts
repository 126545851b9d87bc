import { adminActionSchema, adminUserParamsSchema, apiErrorSchema, manualVerificationResultSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_API_PREFIX, requireAdmin } from '../access/access.js';
import type { Config } from '../config/config.js';
import { WEBHOOK_PREFIX } from '../http/csrf.js';
import type { DomainRoutes } from '../http/domain-routes.js';
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

  const provider = verification.provider;
  if (!provider) {
    app.log.warn('identity verification is off: set VERIFICATION_PROVIDER (stripe, or dev for a non-production trial)');
  } else if (provider instanceof DevVerificationProvider) {
    app.log.warn('identity verification uses the development provider: anyone can approve themselves');
    await registerDevProviderPages(app, { provider, verification, publicUrl: config.publicUrl });
  }
};
