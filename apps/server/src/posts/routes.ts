import {
  addPostMediaSchema,
  apiErrorSchema,
  BLURRED_DERIVATIVES,
  createPostSchema,
  DERIVATIVE_KINDS,
  type DerivativeKind,
  entityIdSchema,
  mayFetchDerivative,
  movePostMediaSchema,
  POST_MEDIA_MAX,
  postPageQuerySchema,
  postPageSchema,
  postSchema,
  updatePostSchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCreator, requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { errors } from '../http/errors.js';
import { OPEN_IMAGE_CACHE, PROTECTED_CACHE, sendMediaBytes } from '../media/media-delivery.js';
import type { MediaService } from '../media/service.js';
import type { PostsService } from './service.js';

const postParams = z.object({ postId: entityIdSchema });
const tags = ['posts'];

export const postsRoutes: DomainRoutes<{ posts: PostsService; media: MediaService }> = (app, { posts, media }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/posts',
    {
      schema: {
        tags,
        summary: 'Create a post (creators only); a future publishAt schedules it',
        body: createPostSchema,
        response: { 201: postSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await posts.create(requireCreator(request).userId, request.body)),
  );

  api.get(
    '/api/posts',
    {
      schema: {
        tags,
        summary: "The signed-in user's own posts, scheduled and private ones included, newest first",
        querystring: postPageQuerySchema,
        response: { 200: postPageSchema },
      },
    },
    async (request) => {
      const { userId } = requireViewer(request);
      return posts.listByCreator(userId, userId, request.query);
    },
  );

  api.get(
    '/api/posts/:postId',
    {
      schema: {
        tags,
        summary: 'One post as the viewer may see it (locked posts carry only a teaser, blurred media and an unlock offer)',
        params: postParams,
        response: { 200: postSchema },
      },
    },
    async (request) => posts.get(requireViewer(request).userId, request.params.postId),
  );

  api.patch(
    '/api/posts/:postId',
    {
      schema: {
        tags,
        summary: 'Edit a post (owner only); mediaIds replaces the whole list (single items: /api/posts/{postId}/media)',
        params: postParams,
        body: updatePostSchema,
        response: { 200: postSchema },
      },
    },
    async (request) => posts.update(requireCreator(request).userId, request.params.postId, request.body),
  );

  const itemParams = z.object({ postId: entityIdSchema, mediaId: entityIdSchema });
  api.post(
    '/api/posts/:postId/media',
    {
      schema: {
        tags,
        summary: "Add one of the owner's uploads to a post, at a position (0 first; the end when left out)",
        params: postParams,
        body: addPostMediaSchema,
        response: { 200: postSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => posts.addMedia(requireCreator(request).userId, request.params.postId, request.body.mediaId, request.body.position),
  );

  api.patch(
    '/api/posts/:postId/media/:mediaId',
    {
      schema: {
        tags,
        summary: "Move one of a post's media items to a position (0 first); the others keep their order",
        params: itemParams,
        body: movePostMediaSchema,
        response: { 200: postSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      posts.moveMedia(requireCreator(request).userId, request.params.postId, request.params.mediaId, request.body.position),
  );

  api.delete(
    '/api/posts/:postId/media/:mediaId',
    {
      schema: {
        tags,
        summary: "Take one media item out of a post (it stays among the owner's uploads); the post must keep text or media",
        params: itemParams,
        response: { 200: postSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => posts.removeMedia(requireCreator(request).userId, request.params.postId, request.params.mediaId),
  );

  api.delete(
    '/api/posts/:postId',
    { schema: { tags, summary: 'Delete a post (owner only)', params: postParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await posts.remove(requireCreator(request).userId, request.params.postId);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/users/:userId/posts',
    {
      schema: {
        tags,
        summary: "A creator's posts as the viewer may see them, newest first (the profile grid)",
        params: z.object({ userId: entityIdSchema }),
        querystring: postPageQuerySchema,
        response: { 200: postPageSchema },
      },
    },
    async (request) => posts.listByCreator(requireViewer(request).userId, request.params.userId, request.query),
  );

  /*
   * Media bytes go through this checked route rather than signed URLs: access is decided on
   * every request by the same SQL rule as the post itself, so unfollowing, a lapsed
   * subscription or a post made private take effect at once, a copied URL is useless without
   * the session of someone allowed, and there is no signing key to manage. The cost is one
   * indexed query per request, video range requests included.
   */
  api.get(
    '/api/posts/:postId/media/:position/:kind',
    {
      schema: {
        tags,
        summary:
          "A derivative of a post's media item: blurred ones to anyone who can see the post, the rest only where its content is revealed. Supports Range.",
        params: z.object({
          postId: entityIdSchema,
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
      const { postId, position, kind } = request.params;
      const item = await posts.servableMedia(requireViewer(request).userId, postId, position);
      // Not allowed and not there read the same, so nothing hidden is revealed.
      if (item?.status !== 'ready' || !mayFetchDerivative(item.level, kind)) throw errors.notFound('Media');
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
