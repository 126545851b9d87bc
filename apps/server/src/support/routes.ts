import {
  adminSupportThreadSchema,
  adminSupportTicketsPageSchema,
  apiErrorSchema,
  createSupportTicketSchema,
  DERIVATIVE_KINDS,
  entityIdSchema,
  supportMessageSchema,
  supportPageQuerySchema,
  supportQueueQuerySchema,
  supportReplySchema,
  supportStatusChangeSchema,
  supportThreadQuerySchema,
  supportThreadSchema,
  supportTicketParamsSchema,
  supportTicketSchema,
  supportTicketsPageSchema,
} from '@aurum/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_API_PREFIX, requireAdmin, requireViewer } from '../access/access.js';
import { actorOf } from '../audit/audit-log.js';
import { type DomainRoutes, refusals } from '../http/domain-routes.js';
import { errors } from '../http/errors.js';
import { PROTECTED_CACHE, sendMediaBytes } from '../media/media-delivery.js';
import type { MediaService } from '../media/service.js';
import type { SupportService } from './service.js';

const tags = ['support'];
const replyResultSchema = z.object({ ticket: supportTicketSchema, message: supportMessageSchema.nullable() });
const screenshotParamsSchema = supportTicketParamsSchema.extend({ messageId: entityIdSchema, kind: z.enum(DERIVATIVE_KINDS) });
const screenshotQuerySchema = z.object({ v: z.string().max(32).optional() });
const refused = { ...refusals, 409: apiErrorSchema };

/**
 * Support tickets: the author's routes under /api/support (a ticket of someone else's is not
 * found), the admin queue and answers under /api/admin/support, behind the admin guard.
 */
export const supportRoutes: DomainRoutes<{ support: SupportService; media: MediaService }> = (app, { support, media }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Sends a screenshot's bytes once the service found it for this viewer. */
  const sendScreenshot = async (
    request: FastifyRequest,
    reply: FastifyReply,
    found: { mediaId: string; status: string } | null,
    kind: (typeof DERIVATIVE_KINDS)[number],
  ) => {
    if (found?.status !== 'ready') throw errors.notFound('Screenshot');
    return sendMediaBytes(request, reply, (range) => media.openDerivative(found.mediaId, kind, range), PROTECTED_CACHE);
  };

  api.post(
    '/api/support/tickets',
    {
      schema: {
        tags,
        summary: 'Open a support ticket: subject, message and an optional screenshot from your uploads (restricted words do not apply)',
        body: createSupportTicketSchema,
        response: { 201: supportThreadSchema, ...refusals, 422: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await support.open(requireViewer(request).userId, request.body)),
  );

  api.get(
    '/api/support/tickets',
    {
      schema: {
        tags,
        summary: "The viewer's support tickets, newest first",
        querystring: supportPageQuerySchema,
        response: { 200: supportTicketsPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => support.myTickets(requireViewer(request).userId, request.query),
  );

  api.get(
    '/api/support/tickets/:ticketId',
    {
      schema: {
        tags,
        summary: "One of the viewer's tickets with its thread, oldest message first (a cursor pages on)",
        params: supportTicketParamsSchema,
        querystring: supportThreadQuerySchema,
        response: { 200: supportThreadSchema, ...refusals },
      },
    },
    async (request) => support.thread(requireViewer(request).userId, request.params.ticketId, request.query),
  );

  api.post(
    '/api/support/tickets/:ticketId/messages',
    {
      schema: {
        tags,
        summary: 'Write again on your ticket; it waits for support (a closed ticket: 409 support_ticket_closed)',
        params: supportTicketParamsSchema,
        body: supportReplySchema,
        response: { 200: replyResultSchema, ...refused, 422: apiErrorSchema },
      },
    },
    async (request) => support.reply(requireViewer(request).userId, request.params.ticketId, request.body),
  );

  for (const action of ['close', 'reopen'] as const) {
    api.post(
      `/api/support/tickets/:ticketId/${action}`,
      {
        schema: {
          tags,
          summary: action === 'close' ? 'Close your ticket (again: no change)' : 'Reopen your closed ticket; it waits for support',
          params: supportTicketParamsSchema,
          response: { 200: supportTicketSchema, ...refusals },
        },
      },
      async (request) => support[action]({ kind: 'author', userId: requireViewer(request).userId }, request.params.ticketId),
    );
  }

  api.get(
    '/api/support/tickets/:ticketId/messages/:messageId/screenshot/:kind',
    {
      schema: {
        tags,
        summary: "A screenshot on one of the viewer's tickets (its author only). Supports Range.",
        params: screenshotParamsSchema,
        querystring: screenshotQuerySchema,
        response: { 404: apiErrorSchema, 416: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { ticketId, messageId, kind } = request.params;
      return sendScreenshot(request, reply, await support.screenshot(requireViewer(request).userId, ticketId, messageId), kind);
    },
  );

  // Admin routes: guarded for admins by guardRoutes before validation; requireAdmin names the viewer.
  api.get(
    `${ADMIN_API_PREFIX}support/tickets`,
    {
      schema: {
        tags,
        summary: 'Admins only: the support queue: open tickets oldest waiting first, or answered, closed or all newest first',
        querystring: supportQueueQuerySchema,
        response: { 200: adminSupportTicketsPageSchema, ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      return support.queue(request.query);
    },
  );

  api.get(
    `${ADMIN_API_PREFIX}support/tickets/:ticketId`,
    {
      schema: {
        tags,
        summary: 'Admins only: a ticket with its author and thread (which admin wrote each answer)',
        params: supportTicketParamsSchema,
        querystring: supportThreadQuerySchema,
        response: { 200: adminSupportThreadSchema, ...refusals },
      },
    },
    async (request) => {
      requireAdmin(request);
      return support.adminThread(request.params.ticketId, request.query);
    },
  );

  api.post(
    `${ADMIN_API_PREFIX}support/tickets/:ticketId/messages`,
    {
      schema: {
        tags,
        summary: 'Admins only: answer a ticket; its author is told by e-mail; audited (a closed ticket: 409 support_ticket_closed)',
        params: supportTicketParamsSchema,
        body: supportReplySchema,
        response: { 200: replyResultSchema, ...refused, 422: apiErrorSchema },
      },
    },
    async (request) => support.answer(actorOf(request, undefined), request.params.ticketId, request.body),
  );

  for (const action of ['close', 'reopen'] as const) {
    api.post(
      `${ADMIN_API_PREFIX}support/tickets/:ticketId/${action}`,
      {
        schema: {
          tags,
          summary: `Admins only: ${action} a ticket, with an optional reason; audited when it changes`,
          params: supportTicketParamsSchema,
          body: supportStatusChangeSchema,
          response: { 200: supportTicketSchema, ...refusals },
        },
      },
      async (request) => support[action]({ kind: 'support', actor: actorOf(request, request.body.reason) }, request.params.ticketId),
    );
  }

  api.get(
    `${ADMIN_API_PREFIX}support/tickets/:ticketId/messages/:messageId/screenshot/:kind`,
    {
      schema: {
        tags,
        summary: 'Admins only: a screenshot on any ticket. Supports Range.',
        params: screenshotParamsSchema,
        querystring: screenshotQuerySchema,
        response: { 404: apiErrorSchema, 416: apiErrorSchema },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const { ticketId, messageId, kind } = request.params;
      return sendScreenshot(request, reply, await support.screenshot(null, ticketId, messageId), kind);
    },
  );
};
