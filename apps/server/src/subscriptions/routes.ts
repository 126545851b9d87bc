import {
  apiErrorSchema,
  changePaymentMethodSchema,
  changePlanSchema,
  planChangeQuerySchema,
  planChangeQuoteSchema,
  subscribeSchema,
  subscriptionListSchema,
  subscriptionParamsSchema,
  subscriptionSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { SubscriptionsService } from './service.js';

const tags = ['subscriptions'];
const paymentErrors = { 402: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema };

export const subscriptionsRoutes: DomainRoutes<{ subscriptions: SubscriptionsService }> = (app, { subscriptions }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/subscriptions',
    {
      schema: {
        tags,
        summary:
          'Subscribes to an active plan: charges the price, then starts a subscription of 30 days (or a bundle’s length) that renews',
        description:
          'idempotencyKey is made by the client once per attempt: sending it again returns the first outcome and never charges twice. months: a bundle’s length, paid up front. expectedAmountMinor: the amount shown. offerCode: a discount. 402 payment_declined, 404 plan_unavailable (or not sold for that length), 409 already_subscribed, quote_changed (the amount is not the one shown), offer_unavailable (with why).',
        body: subscribeSchema,
        response: { 201: subscriptionSchema, 400: apiErrorSchema, ...paymentErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await subscriptions.subscribe(requireViewer(request).userId, request.body)),
  );

  api.get(
    '/api/subscriptions',
    { schema: { tags, summary: "The viewer's subscriptions, those granting access first", response: { 200: subscriptionListSchema } } },
    async (request) => ({ items: await subscriptions.list(requireViewer(request).userId) }),
  );

  api.get(
    '/api/subscriptions/:subId',
    {
      schema: {
        tags,
        summary: 'One of the viewer’s subscriptions',
        params: subscriptionParamsSchema,
        response: { 200: subscriptionSchema, 404: apiErrorSchema },
      },
    },
    async (request) => subscriptions.get(requireViewer(request).userId, request.params.subId),
  );

  api.post(
    '/api/subscriptions/:subId/cancel',
    {
      schema: {
        tags,
        summary: 'Turns renewal off; access stays until valid_until',
        params: subscriptionParamsSchema,
        response: { 200: subscriptionSchema, 404: apiErrorSchema },
      },
    },
    async (request) => subscriptions.cancel(requireViewer(request).userId, request.params.subId),
  );

  api.put(
    '/api/subscriptions/:subId/payment-method',
    {
      schema: {
        tags,
        summary: 'Sets the payment method renewals use and turns renewal on; a failed renewal is retried with it at once',
        params: subscriptionParamsSchema,
        body: changePaymentMethodSchema,
        response: { 200: subscriptionSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => subscriptions.changePaymentMethod(requireViewer(request).userId, request.params.subId, request.body.paymentMethodId),
  );

  api.get(
    '/api/subscriptions/:subId/plan-change',
    {
      schema: {
        tags,
        summary: 'What moving to another plan of the creator costs now (prorated difference; nothing for a cheaper plan)',
        params: subscriptionParamsSchema,
        querystring: planChangeQuerySchema,
        response: { 200: planChangeQuoteSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => subscriptions.quotePlanChange(requireViewer(request).userId, request.params.subId, request.query.planId),
  );

  api.put(
    '/api/subscriptions/:subId/plan',
    {
      schema: {
        tags,
        summary: 'Moves to another plan, charging the quoted amount; 409 quote_changed when the amount is no longer the one agreed',
        params: subscriptionParamsSchema,
        body: changePlanSchema,
        response: { 200: subscriptionSchema, ...paymentErrors },
      },
    },
    async (request) => subscriptions.changePlan(requireViewer(request).userId, request.params.subId, request.body),
  );
};
