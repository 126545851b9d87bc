import {
  apiErrorSchema,
  BLURRED_DERIVATIVES,
  chatMessageSchema,
  chatParamsSchema,
  chatPartnersPageSchema,
  chatPartnersQuerySchema,
  chatSummarySchema,
  chatsPageQuerySchema,
  chatsPageSchema,
  DERIVATIVE_KINDS,
  type DerivativeKind,
  entityIdSchema,
  MESSAGE_MEDIA_MAX,
  markReadSchema,
  mayFetchMessageDerivative,
  messageParamsSchema,
  messagesPageQuerySchema,
  messagesPageSchema,
  sendMessageSchema,
  startChatSchema,
  unlockMessageSchema,
  unreadChatsSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { errors } from '../http/errors.js';
import { OPEN_IMAGE_CACHE, PROTECTED_CACHE, sendMediaBytes } from '../media/media-delivery.js';
import type { MediaService } from '../media/service.js';
import type { ChatService } from './service.js';

const tags = ['chat'];

export const chatRoutes: DomainRoutes<{ chat: ChatService; media: MediaService }> = (app, { chat, media }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/chats',
    {
      schema: {
        tags,
        summary: "The viewer's chats, the one that moved last first, with unread counts",
        querystring: chatsPageQuerySchema,
        response: { 200: chatsPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => chat.list(requireViewer(request).userId, request.query),
  );

  api.post(
    '/api/chats',
    {
      schema: {
        tags,
        summary: 'Open the chat with someone the viewer may chat with (or get the one they have)',
        body: startChatSchema,
        response: { 200: chatSummarySchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => chat.start(requireViewer(request).userId, request.body.partnerId),
  );

  api.get(
    '/api/chats/partners',
    {
      schema: {
        tags,
        summary: 'Everyone the viewer may chat with now (subscriptions that include chat, either way), by handle',
        querystring: chatPartnersQuerySchema,
        response: { 200: chatPartnersPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => chat.partners(requireViewer(request).userId, request.query),
  );

  api.get(
    '/api/chats/unread',
    { schema: { tags, summary: "Unread messages over all the viewer's chats", response: { 200: unreadChatsSchema } } },
    async (request) => chat.unreadTotal(requireViewer(request).userId),
  );

  api.get(
    '/api/chats/:chatId',
    {
      schema: {
        tags,
        summary: 'One chat of the viewer',
        params: chatParamsSchema,
        response: { 200: chatSummarySchema, 404: apiErrorSchema },
      },
    },
    async (request) => chat.get(requireViewer(request).userId, request.params.chatId),
  );

  api.get(
    '/api/chats/:chatId/messages',
    {
      schema: {
        tags,
        summary: "A chat's messages, newest first",
        params: chatParamsSchema,
        querystring: messagesPageQuerySchema,
        response: { 200: messagesPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => chat.history(requireViewer(request).userId, request.params.chatId, request.query),
  );

  api.get(
    '/api/chats/:chatId/messages/:messageId',
    {
      schema: {
        tags,
        summary: "One message of the chat as the viewer sees it (a chat's realtime events name messages; each side reads them here)",
        params: messageParamsSchema,
        response: { 200: chatMessageSchema, 404: apiErrorSchema },
      },
    },
    async (request) => chat.message(requireViewer(request).userId, request.params.chatId, request.params.messageId),
  );

  api.post(
    '/api/chats/:chatId/messages',
    {
      schema: {
        tags,
        summary: 'Send a message; sending the same id again returns the stored message',
        params: chatParamsSchema,
        body: sendMessageSchema,
        response: { 200: chatMessageSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => chat.send(requireViewer(request).userId, request.params.chatId, request.body),
  );

  api.post(
    '/api/chats/:chatId/messages/:messageId/unlock',
    {
      schema: {
        tags,
        summary: "Pay for a paid message's media with a saved method; it unlocks for the payer only",
        description:
          'idempotencyKey is made by the client once per attempt: sending it again returns the first outcome and never charges twice. 402 payment_declined, 404 not a message of the chat for the viewer, 409 message_not_for_sale, message_already_unlocked, payment_pending, payment_in_progress.',
        params: messageParamsSchema,
        body: unlockMessageSchema,
        response: {
          200: chatMessageSchema,
          400: apiErrorSchema,
          402: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => chat.unlock(requireViewer(request).userId, request.params.chatId, request.params.messageId, request.body),
  );

  api.put(
    '/api/chats/:chatId/read',
    {
      schema: {
        tags,
        summary: "Move the viewer's read position forward to a message",
        params: chatParamsSchema,
        body: markReadSchema,
        response: { 204: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await chat.markRead(requireViewer(request).userId, request.params.chatId, request.body.messageId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/chats/:chatId/typing',
    {
      schema: {
        tags,
        summary: 'Tell the partner the viewer is typing (not stored)',
        params: chatParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await chat.typing(requireViewer(request).userId, request.params.chatId);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/chats/:chatId/messages/:messageId/media/:position/:kind',
    {
      schema: {
        tags,
        summary: "A derivative of a message's media item, for the chat's two participants only. Supports Range.",
        params: z.object({
          chatId: entityIdSchema,
          messageId: entityIdSchema,
          position: z.coerce
            .number()
            .int()
            .min(0)
            .max(MESSAGE_MEDIA_MAX - 1),
          kind: z.enum(DERIVATIVE_KINDS),
        }),
        querystring: z.object({ v: z.string().max(32).optional() }),
        response: { 404: apiErrorSchema, 416: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { chatId, messageId, position, kind } = request.params;
      const item = await chat.servableMedia(requireViewer(request).userId, chatId, messageId, position);
      // Outside the chat, not paid for and not there read the same.
      if (item?.status !== 'ready' || !mayFetchMessageDerivative(item.access, kind)) throw errors.notFound('Media');
      const blurred = (BLURRED_DERIVATIVES as readonly DerivativeKind[]).includes(kind);
      return sendMediaBytes(
        request,
        reply,
        (range) => media.openDerivative(item.mediaId, kind, range),
        blurred ? OPEN_IMAGE_CACHE : PROTECTED_CACHE,
      );
    },
  );
};
