import { apiErrorSchema, entityIdSchema, postPurchaseRequestSchema, postSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../access/access.js';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { PostSalesService } from './service.js';

const tags = ['posts'];

export const postSalesRoutes: DomainRoutes<{ postSales: PostSalesService }> = (app, { postSales }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/posts/:postId/purchase',
    {
      schema: {
        tags,
        summary: 'Buy a post sold on its own, with a saved payment method; answers the post as the buyer now sees it',
        description:
          'idempotencyKey is made by the client once per attempt: sending it again answers the first outcome and never charges twice. price is the price the member was shown. 402 payment_declined, 404 no such post for the viewer, 409 post_not_for_sale, post_already_unlocked, post_price_changed, payment_pending, purchase_key_reused.',
        params: z.object({ postId: entityIdSchema }),
        body: postPurchaseRequestSchema,
        response: {
          200: postSchema,
          400: apiErrorSchema,
          402: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => postSales.buy(requireViewer(request).userId, request.params.postId, request.body),
  );
};
