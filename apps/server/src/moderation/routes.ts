import {
  apiErrorSchema,
  contentIdParamsSchema,
  createReportSchema,
  DERIVATIVE_KINDS,
  moderationActionSchema,
  moderationNoticesPageSchema,
  moderationResultSchema,
  POST_MEDIA_MAX,
  reportedContentSchema,
  reportedTargetsPageSchema,
  reportSchema,
  reportsPageQuerySchema,
  reportsPageSchema,
  restrictedWordsSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { errors } from '../http/errors.js';
import { PROTECTED_CACHE, sendMediaBytes } from '../media/media-delivery.js';
import type { MediaService } from '../media/service.js';
import type { ModerationService } from './service.js';

const tags = ['moderation'];

export const moderationRoutes: DomainRoutes<{ moderation: ModerationService; media: MediaService }> = (app, { moderation, media }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/reports',
    {
      schema: {
        tags,
        summary: 'Report a post, a user or a chat message with a reason; one open report per reporter and target',
        body: createReportSchema,
        response: { 201: reportSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const report = await moderation.report(requireViewer(request).userId, request.body);
      return reply.code(201).send(report);
    },
  );

  api.get(
    '/api/me/reports',
    {
      schema: {
        tags,
        summary: "The viewer's reports and what became of them, newest first",
        querystring: reportsPageQuerySchema,
        response: { 200: reportsPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => moderation.myReports(requireViewer(request).userId, request.query),
  );

  api.get(
    '/api/me/moderation-notices',
    {
      schema: {
        tags,
        summary: "What moderation decisions told the viewer (a report's outcome, a removal, a suspension), newest first",
        querystring: reportsPageQuerySchema,
        response: { 200: moderationNoticesPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => moderation.notices(requireViewer(request).userId, request.query),
  );

  api.post(
    '/api/me/moderation-notices/read',
    {
      schema: {
        tags,
        summary: "Marks all the viewer's moderation notices read",
        response: { 200: z.object({ unread: z.number().int() }) },
      },
    },
    async (request) => moderation.markNoticesRead(requireViewer(request).userId),
  );

  // Admin routes: guarded for admins by guardRoutes before validation; requireAdmin names the viewer.
  api.get(
    '/api/admin/reported-content',
    {
      schema: {
        tags,
        summary: 'Targets with open reports, grouped with their counts, most recently reported first (admins)',
        querystring: reportsPageQuerySchema,
        response: { 200: reportedTargetsPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return moderation.queue(request.query);
    },
  );

  api.get(
    '/api/admin/reported-content/:contentId',
    {
      schema: {
        tags,
        summary: 'A reported post, user or message as stored (removed ones too, media in full), its reports and the actions left (admins)',
        params: contentIdParamsSchema,
        response: { 200: reportedContentSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return moderation.content(request.params.contentId);
    },
  );

  api.post(
    '/api/admin/reported-content/:contentId/actions',
    {
      schema: {
        tags,
        summary:
          'Decide on reported content: dismiss, remove it (the creator is told why), suspend the creator or ban the user; resolves every open report on it (admins)',
        params: contentIdParamsSchema,
        body: moderationActionSchema,
        response: { 200: moderationResultSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const { userId } = requireAdmin(request);
      // Suspending and banning take someone's income or account: they ask for a fresh check.
      if (request.body.action === 'suspend_creator' || request.body.action === 'ban_user') await request.requireFreshCheck();
      return moderation.act(userId, request.params.contentId, request.body);
    },
  );

  api.get(
    '/api/admin/reported-content/:contentId/media/:position/:kind',
    {
      schema: {
        tags,
        summary: "Any derivative of a reported post's or message's media item, whatever its access (admins only). Supports Range.",
        params: contentIdParamsSchema.extend({
          position: z.coerce
            .number()
            .int()
            .min(0)
            .max(POST_MEDIA_MAX - 1),
          kind: z.enum(DERIVATIVE_KINDS),
        }),
        querystring: z.object({ v: z.string().max(32).optional() }),
        response: { 404: apiErrorSchema, 416: apiErrorSchema },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const { contentId, position, kind } = request.params;
      const item = await moderation.servableMedia(contentId, position);
      if (item?.status !== 'ready') throw errors.notFound('Media');
      return sendMediaBytes(request, reply, (range) => media.openDerivative(item.mediaId, kind, range), PROTECTED_CACHE);
    },
  );

  api.get(
    '/api/admin/restricted-words',
    {
      schema: {
        tags,
        summary: 'The words refused in post text, message text and profile fields (admins)',
        response: { 200: restrictedWordsSchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return moderation.restrictedWords();
    },
  );

  api.put(
    '/api/admin/restricted-words',
    {
      schema: {
        tags,
        summary: 'Replace the restricted words (trimmed, lower-cased, duplicates dropped; audited) (admins)',
        body: restrictedWordsSchema,
        response: { 200: restrictedWordsSchema, 400: apiErrorSchema },
      },
    },
    async (request) => moderation.setRestrictedWords({ adminId: requireAdmin(request).userId, requestId: request.id }, request.body.words),
  );
};
