import { type ClientConfig, clientConfigSchema } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DomainRoutes } from '../http/domain-routes.js';

/** The browser's part of the server's settings, put together once by app.ts. */
export const clientConfigRoutes: DomainRoutes<{ clientConfig: ClientConfig }> = (app, { clientConfig }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/client-config',
    {
      schema: {
        tags: ['app'],
        summary: 'What the browser needs of the settings: the bot check (reCAPTCHA v3) and error reporting (Sentry), each null when off',
        response: { 200: clientConfigSchema },
      },
    },
    async () => clientConfig,
  );
};
