import { apiErrorSchema, entityIdSchema, profilePageSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import { errors } from '../http/errors.js';
import { OPEN_IMAGE_CACHE, sendMediaBytes } from '../media/media-delivery.js';
import type { MediaService } from '../media/service.js';
import type { ProfilesService } from './service.js';

const userParams = z.object({ userId: entityIdSchema });
const tags = ['profiles'];

export const profilesRoutes: DomainRoutes<{ profiles: ProfilesService; media: MediaService }> = (app, { profiles, media }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/users/:userId/profile-page',
    {
      schema: {
        tags,
        summary:
          'A profile page: public profile, bio, avatar and cover URLs, follower count, whether the viewer follows or blocked the user, and active plans',
        params: userParams,
        response: { 200: profilePageSchema },
      },
    },
    async (request) => {
      return profiles.page(request.params.userId, requireViewer(request).userId);
    },
  );

  for (const image of ['avatar', 'cover'] as const) {
    api.get(
      `/api/users/:userId/${image}`,
      {
        schema: {
          tags,
          summary: `A user's ${image} picture, to any signed-in user`,
          params: userParams,
          querystring: z.object({ v: z.string().max(32).optional() }),
          response: { 404: apiErrorSchema, 416: apiErrorSchema },
        },
      },
      async (request, reply) => {
        requireViewer(request);
        const mediaId = await profiles.imageMediaId(request.params.userId, image);
        if (!mediaId) throw errors.notFound('Image');
        // The full picture without its metadata; the upload itself is never served.
        return sendMediaBytes(request, reply, (range) => media.openDerivative(mediaId, 'playable', range), OPEN_IMAGE_CACHE);
      },
    );
  }
};
