import {
  addPaymentMethodSchema,
  apiErrorSchema,
  devTokenRequestSchema,
  devTokenSchema,
  earningsSchema,
  paymentHistoryPageSchema,
  paymentHistoryQuerySchema,
  paymentMethodListSchema,
  paymentMethodParamsSchema,
  paymentMethodSchema,
  paymentsConfigSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCreator, requireViewer } from '../access/access.js';
import { WEBHOOK_PREFIX } from '../http/csrf.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { registerRawBodyRoutes } from '../http/raw-body.js';
import type { ChargesService, WebhookOutcome } from './charges.js';
import type { DisputeReport } from './provider.js';
import type { PaymentsService } from './service.js';

const tags = ['payments'];

/**
 * What the webhook does with a dispute the provider reports: the disputes domain records it
 * (`DisputesService`), handed in by the composition root, as payments imports no domain built on it.
 */
interface DisputeRecorder {
  record(provider: string, report: DisputeReport): Promise<WebhookOutcome>;
}

export const paymentsRoutes: DomainRoutes<{ payments: PaymentsService; charges: ChargesService; disputes: DisputeRecorder }> = async (
  app,
  { payments, charges, disputes },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/payments/config',
    {
      schema: {
        tags,
        summary: 'How the browser collects payment details: Stripe.js with a publishable key, or the development provider',
        response: { 200: paymentsConfigSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      requireViewer(request);
      return payments.clientConfig();
    },
  );

  api.get(
    '/api/me/payments',
    {
      schema: {
        tags,
        summary: "The member's own payments, newest first: whom they paid, for what, how it went, and refunds",
        querystring: paymentHistoryQuerySchema,
        response: { 200: paymentHistoryPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => payments.history(requireViewer(request).userId, request.query),
  );

  api.post(
    '/api/payments/dev/tokens',
    {
      schema: {
        tags,
        summary: 'Development provider only: turns test card or PayPal details into a token, as Stripe.js does',
        description: 'The card number stops here: only its brand and last 4 digits are kept. 404 with any other provider.',
        body: devTokenRequestSchema,
        response: { 201: devTokenSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      requireViewer(request);
      const token = await payments.devProvider.createToken(request.body);
      return reply.code(201).send({ token });
    },
  );

  api.get(
    '/api/payment-methods',
    { schema: { tags, summary: "The viewer's saved payment methods, the default first", response: { 200: paymentMethodListSchema } } },
    async (request) => ({ items: await payments.list(requireViewer(request).userId) }),
  );

  api.post(
    '/api/payment-methods',
    {
      schema: {
        tags,
        summary: 'Saves a payment method from the provider token the browser got for it; the first one becomes the default',
        body: addPaymentMethodSchema,
        response: { 201: paymentMethodSchema, 400: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await payments.add(requireViewer(request).userId, request.body)),
  );

  api.get(
    '/api/payment-methods/:methodId',
    {
      schema: {
        tags,
        summary: 'One of the viewer’s saved payment methods',
        params: paymentMethodParamsSchema,
        response: { 200: paymentMethodSchema, 404: apiErrorSchema },
      },
    },
    async (request) => payments.get(requireViewer(request).userId, request.params.methodId),
  );

  api.put(
    '/api/payment-methods/:methodId/default',
    {
      schema: {
        tags,
        summary: 'Makes a saved method the default',
        params: paymentMethodParamsSchema,
        response: { 200: paymentMethodSchema, 404: apiErrorSchema },
      },
    },
    async (request) => payments.setDefault(requireViewer(request).userId, request.params.methodId),
  );

  api.delete(
    '/api/payment-methods/:methodId',
    {
      schema: {
        tags,
        summary: 'Removes a saved method; 409 payment_method_in_use while a renewing subscription pays with it',
        params: paymentMethodParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await payments.remove(requireViewer(request).userId, request.params.methodId);
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/api/me/earnings',
    {
      schema: {
        tags,
        summary: "The creator's earnings per currency, from the ledger, net of the platform fee",
        response: { 200: earningsSchema },
      },
    },
    async (request) => payments.earnings(requireCreator(request).userId),
  );

  await registerRawBodyRoutes(app, (webhooks) => {
    webhooks.withTypeProvider<ZodTypeProvider>().post(
      `${WEBHOOK_PREFIX}payments/:provider`,
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Payment outcomes and disputes from the payment provider',
          description:
            'Called by the provider, not the browser: authenticated by its signature header (Stripe-Signature), 400 webhook_signature_invalid otherwise. A charge settles once and a dispute posts each step once; repeats change nothing.',
          security: [],
          params: z.object({ provider: z.string().max(40) }),
          response: {
            200: z.object({ received: z.literal(true), outcome: z.enum(['applied', 'unchanged', 'ignored', 'unknown_charge']) }),
            400: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const provider = payments.webhookProvider(request.params.provider);
        const event = provider.parseWebhook(request.headers, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
        if (!event) return { received: true as const, outcome: 'ignored' as const };
        const outcome =
          event.type === 'charge'
            ? await charges.settleFromWebhook(event.chargeId, event.result)
            : await disputes.record(provider.name, event.dispute);
        return { received: true as const, outcome };
      },
    );
  });
};
