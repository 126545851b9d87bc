import {
  apiErrorSchema,
  followedCreatorsPageSchema,
  followersPageSchema,
  followParamsSchema,
  followStateSchema,
  followsPageQuerySchema,
} from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { FollowsService } from './service.js';

const tags = ['follows'];

export const followsRoutes: DomainRoutes<{ follows: FollowsService }> = (app, { follows }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/creators/:creatorId/follow',
    {
      schema: {
        tags,
        summary: 'Follow a creator (following again changes nothing); unlocks their follower posts at once',
        params: followParamsSchema,
        response: { 200: followStateSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => follows.follow(requireViewer(request).userId, request.params.creatorId),
  );

  api.delete(
    '/api/creators/:creatorId/follow',
    {
      schema: {
        tags,
        summary: 'Unfollow a creator; without a follow nothing changes',
        params: followParamsSchema,
        response: { 200: followStateSchema },
      },
    },
    async (request) => follows.unfollow(requireViewer(request).userId, request.params.creatorId),
  );

  api.get(
    '/api/me/follows',
    {
      schema: {
        tags,
        summary: 'The creators the viewer follows, most recently followed first',
        querystring: followsPageQuerySchema,
        response: { 200: followedCreatorsPageSchema },
      },
    },
    async (request) => follows.listFollowing(requireViewer(request).userId, request.query),
  );

  api.get(
    '/api/creators/:creatorId/followers',
    {
      schema: {
        tags,
        summary: "A creator's followers with their total, newest first; only for the creator",
        params: followParamsSchema,
        querystring: followsPageQuerySchema,
        response: { 200: followersPageSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => follows.listFollowers(requireViewer(request).userId, request.params.creatorId, request.query),
  );
};
