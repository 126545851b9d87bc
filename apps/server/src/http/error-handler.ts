import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

/** Turns every thrown error into the API error shape; unknown errors are logged and answered generically. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const first = details[0];
      const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request';
      return reply.status(400).send(new AppError(400, 'validation_failed', message, details).toBody());
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(new AppError(500, 'general_server_error', 'An unexpected error occurred').toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const type =
        status === 429 ? 'rate_limited' : status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
      return reply.status(status).send(new AppError(status, type, error.message).toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(new AppError(500, 'general_server_error', 'An unexpected error occurred').toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(new AppError(404, 'route_not_found', `No route for ${request.method} ${request.url.split('?')[0]}`).toBody());
  });
}
