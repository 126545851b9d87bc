import { TELEMETRY_RELAY_PATH } from '@aurum/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DomainRoutes } from '../http/domain-routes.js';
import { registerRawBodyRoutes } from '../http/raw-body.js';
import type { TelemetryRelay, TelemetrySignal } from './relay.js';

/**
 * A span batch is at most 100 spans; even with long URLs that is well under 1 MiB, and the
 * browser's keepalive exports stay under 64 KiB.
 */
const RELAY_BODY_LIMIT = 1024 * 1024;

/** The browser's OTLP/HTTP exports, relayed to the collector (see `TelemetryRelay`). */
export const telemetryRelayRoutes: DomainRoutes<{ relay: TelemetryRelay }> = (app, { relay }) =>
  registerRawBodyRoutes(
    app,
    (scope) => {
      const api = scope.withTypeProvider<ZodTypeProvider>();
      // The address is counted before the body is read: a flood costs one counter each.
      scope.addHook('onRequest', async (request) => relay.admit(request.ip));
      for (const signal of ['traces', 'metrics'] satisfies TelemetrySignal[]) {
        api.post(
          `${TELEMETRY_RELAY_PATH}/v1/${signal}`,
          {
            schema: {
              tags: ['app'],
              summary: `The browser's OpenTelemetry ${signal} (OTLP/HTTP JSON), relayed to the collector; 404 telemetry_off without one`,
              response: { 200: z.object({}) },
            },
          },
          async (request) => {
            await relay.forward(signal, request.body as Buffer);
            return {};
          },
        );
      }
    },
    { contentTypes: ['application/json'], bodyLimit: RELAY_BODY_LIMIT },
  );
