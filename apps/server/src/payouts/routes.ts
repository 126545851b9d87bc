import {
  apiErrorSchema,
  payoutAccountSchema,
  payoutMethodInputSchema,
  payoutMethodSchema,
  payoutScheduleInputSchema,
  payoutSchema,
  payoutsPageQuerySchema,
  payoutsPageSchema,
  providerOnboardingLinkSchema,
  withdrawSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCreator, requireViewer } from '../access/access.js';
import { WEBHOOK_PREFIX } from '../http/csrf.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { registerRawBodyRoutes } from '../http/raw-body.js';
import type { PayoutAccounts } from './account.js';
import type { PayoutMethodsService } from './methods.js';
import type { PayoutOnboardingService } from './onboarding.js';
import type { PayoutsService } from './payouts.js';
import type { PayoutProviderEvents } from './provider-events.js';

const methodParams = z.object({ methodId: z.string().min(1).max(64) });

export const payoutsRoutes: DomainRoutes<{
  payoutMethods: PayoutMethodsService;
  payoutAccounts: PayoutAccounts;
  payouts: PayoutsService;
  payoutOnboarding: PayoutOnboardingService;
  payoutEvents: PayoutProviderEvents;
}> = async (app, { payoutMethods, payoutAccounts, payouts, payoutOnboarding, payoutEvents }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payouts'];

  api.get(
    '/api/payout-methods',
    { schema: { tags, summary: "The signed-in user's payout methods, newest first", response: { 200: z.array(payoutMethodSchema) } } },
    async (request) => payoutMethods.list(requireViewer(request).userId),
  );

  api.post(
    '/api/payout-methods',
    {
      schema: {
        tags,
        summary: 'Add a bank account or PayPal payout method',
        description:
          'Bank account: holder name, country, currency and an IBAN (checked) or an account number (US: with a routing number). Only the last 4 characters are kept. The new method becomes active unless makeActive is false. Completes the payout step of creator sign-up. A method beside an existing one needs a fresh second-factor check (403 second_factor_required, step_up_required).',
        body: payoutMethodInputSchema,
        response: { 201: payoutMethodSchema },
      },
    },
    async (request, reply) => {
      const { userId } = requireViewer(request);
      // The first method completes creator sign-up; any later one changes where the money goes.
      if ((await payoutMethods.list(userId)).length > 0) await request.requireFreshCheck();
      return reply.status(201).send(await payoutMethods.add(userId, request.body));
    },
  );

  api.post(
    '/api/payout-methods/:methodId/activate',
    {
      config: { secondFactor: 'fresh' },
      schema: {
        tags,
        summary: 'Make this the payout method earnings go to (the others become inactive); payouts then pause for a few days',
        params: methodParams,
        response: { 200: payoutMethodSchema },
      },
    },
    async (request) => payoutMethods.activate(requireViewer(request).userId, request.params.methodId),
  );

  api.delete(
    '/api/payout-methods/:methodId',
    {
      config: { secondFactor: 'fresh' },
      schema: {
        tags,
        summary: 'Remove a payout method; if it was active, the newest remaining one becomes active',
        params: methodParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await payoutMethods.remove(requireViewer(request).userId, request.params.methodId);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/creator/payouts/account',
    {
      schema: {
        tags,
        summary: "Creators only: the creator's balances (pending, available, paid out, when held money frees), schedule and payout method",
        response: { 200: payoutAccountSchema },
      },
    },
    async (request) => payoutAccounts.account(requireCreator(request).userId),
  );

  api.get(
    '/api/creator/payouts',
    {
      schema: {
        tags,
        summary: "Creators only: the creator's payouts, newest first",
        querystring: payoutsPageQuerySchema,
        response: { 200: payoutsPageSchema },
      },
    },
    async (request) => payoutAccounts.history(requireCreator(request).userId, request.query),
  );

  api.post(
    '/api/creator/payouts',
    {
      config: { secondFactor: 'fresh' },
      schema: {
        tags,
        summary: "Creators only: withdraw a currency's whole available balance to the active payout method",
        description:
          'idempotencyKey is made once per attempt: sending it again answers with the same payout. 409 payout_below_minimum, payout_method_missing, payout_method_unsupported, payouts_paused (after a change of method), payouts_held, idempotency_key_reused.',
        body: withdrawSchema,
        response: { 201: payoutSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await payouts.withdraw(requireCreator(request).userId, request.body)),
  );

  api.get(
    '/api/creator/payouts/:payoutId/statement.csv',
    {
      schema: {
        tags,
        summary:
          "Creators only: what one of the creator's payouts covers, as CSV: each earning, refund and returned payout with gross, fee and net",
        params: z.object({ payoutId: z.string().min(1).max(64) }),
        response: { 200: z.string().describe('The statement as CSV (text/csv)'), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await payoutAccounts.statementCsv(requireCreator(request).userId, request.params.payoutId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  api.put(
    '/api/creator/payouts/schedule',
    {
      schema: {
        tags,
        summary: 'Creators only: automatic payouts weekly or monthly on a day (UTC), or manual',
        body: payoutScheduleInputSchema,
        response: { 200: payoutAccountSchema },
      },
    },
    async (request) => payoutAccounts.setSchedule(requireCreator(request).userId, request.body.schedule),
  );

  api.post(
    '/api/creator/payouts/onboarding',
    {
      schema: {
        tags,
        summary: "Creators only: the link to the payout provider's onboarding (Stripe Connect), opening the account on first use",
        description:
          "The creator's browser goes to the url; the provider sends them back to /creator/payouts. 409 payout_onboarding_not_needed when the active method's provider needs no account, payout_method_missing; 502 payout_provider_unavailable.",
        response: { 200: providerOnboardingLinkSchema },
      },
    },
    async (request) => payoutOnboarding.link(requireCreator(request).userId),
  );

  api.post(
    '/api/creator/payouts/onboarding/refresh',
    {
      schema: {
        tags,
        summary: "Creators only: reads the creator's provider account again (back from the onboarding) and answers the payout account",
        response: { 200: payoutAccountSchema },
      },
    },
    async (request) => {
      const { userId } = requireCreator(request);
      await payoutOnboarding.refresh(userId);
      return payoutAccounts.account(userId);
    },
  );

  await registerRawBodyRoutes(app, (webhooks) => {
    webhooks.withTypeProvider<ZodTypeProvider>().post(
      `${WEBHOOK_PREFIX}payouts/:provider`,
      {
        schema: {
          tags: ['webhooks'],
          summary: "Payout providers' events: payout outcomes (PayPal), a creator's connected account changed (Stripe Connect)",
          description:
            'Called by the provider, not the browser: Stripe signs its events (Stripe-Signature); PayPal signs its events (PAYPAL-TRANSMISSION-* headers) and PayPal itself confirms the signature; 400 webhook_signature_invalid otherwise, 502 payout_provider_unavailable when it cannot be asked (the provider sends the event again). A payout settles once; repeats change nothing.',
          security: [],
          params: z.object({ provider: z.string().max(40) }),
          response: {
            200: z.object({
              received: z.literal(true),
              outcome: z.enum(['applied', 'unchanged', 'ignored', 'unknown_payout', 'unknown_account']),
            }),
            400: apiErrorSchema,
            404: apiErrorSchema,
            502: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return { received: true as const, outcome: await payoutEvents.webhook(request.params.provider, request.headers, body) };
      },
    );
  });
};
