import { botCheckConfigSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DomainRoutes } from '../http/domain-routes.js';
import type { BotCheck } from './service.js';

export const botCheckRoutes: DomainRoutes<{ botCheck: BotCheck }> = (app, { botCheck }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/bot-check',
    {
      schema: {
        tags: ['auth'],
        summary: 'How the browser runs the bot check (reCAPTCHA v3 site key and script), or null when it is off',
        response: { 200: botCheckConfigSchema },
      },
    },
    async () => botCheck.clientConfig(),
  );
};
