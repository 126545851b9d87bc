import {
  apiErrorSchema,
  earningsInsightsSchema,
  fansInsightsSchema,
  insightsParamsSchema,
  insightsPostsQuerySchema,
  insightsQuerySchema,
  insightsSettingsSchema,
  postsInsightsSchema,
  statementQuerySchema,
  subscribersInsightsSchema,
  timeZoneSchema,
  updateInsightsSettingsSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCreator, requireViewer } from '../access/access.js';
import { type DomainRoutes, refusals } from '../http/domain-routes.js';
import type { InsightsService } from './service.js';

const tags = ['insights'];

export const insightsRoutes: DomainRoutes<{ insights: InsightsService }> = (app, { insights }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/creators/:creatorId/insights/earnings',
    {
      schema: {
        tags,
        summary: "A creator's gross, platform fee and net per day, week or month and currency, against the previous period",
        params: insightsParamsSchema,
        querystring: insightsQuerySchema,
        response: { 200: earningsInsightsSchema, ...refusals },
      },
    },
    async (request) => insights.earnings(requireViewer(request), request.params.creatorId, request.query),
  );

  api.get(
    '/api/creators/:creatorId/insights/subscribers',
    {
      schema: {
        tags,
        summary:
          "A creator's active subscribers and followers over time, new, renewed, cancelled and lapsed subscriptions, churn and plan mix",
        params: insightsParamsSchema,
        querystring: insightsQuerySchema,
        response: { 200: subscribersInsightsSchema, ...refusals },
      },
    },
    async (request) => insights.subscribers(requireViewer(request), request.params.creatorId, request.query),
  );

  api.get(
    '/api/creators/:creatorId/insights/posts',
    {
      schema: {
        tags,
        summary: "A creator's posts with views, likes and the subscriptions they drove in the period",
        params: insightsParamsSchema,
        querystring: insightsPostsQuerySchema,
        response: { 200: postsInsightsSchema, ...refusals },
      },
    },
    async (request) => insights.posts(requireViewer(request), request.params.creatorId, request.query),
  );

  api.get(
    '/api/creators/:creatorId/insights/fans',
    {
      schema: {
        tags,
        summary: "A creator's top fans by spend and by tenure",
        params: insightsParamsSchema,
        querystring: z.object({ tz: timeZoneSchema.optional() }),
        response: { 200: fansInsightsSchema, ...refusals },
      },
    },
    async (request) => insights.fans(requireViewer(request), request.params.creatorId, request.query),
  );

  api.get(
    '/api/creators/:creatorId/insights/statement.csv',
    {
      schema: {
        tags,
        summary: "A creator's statement for one month as CSV: every payment and refund with gross, fee and net, then the totals",
        params: insightsParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: z.string().describe('The statement as CSV (text/csv)'), ...refusals },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await insights.statementCsv(requireViewer(request), request.params.creatorId, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  api.get(
    '/api/me/insights-settings',
    {
      schema: {
        tags,
        summary: "The time zone the creator's insights are counted in",
        response: { 200: insightsSettingsSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => insights.settings(requireCreator(request).userId),
  );

  api.put(
    '/api/me/insights-settings',
    {
      schema: {
        tags,
        summary: "Sets the time zone the creator's insights are counted in (null: the browser's)",
        body: updateInsightsSettingsSchema,
        response: { 200: insightsSettingsSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => insights.updateSettings(requireCreator(request).userId, request.body.timeZone),
  );
};
