import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, errors } from './errors.js';

function answer(reply: FastifyReply, error: AppError) {
  return reply.headers(error.headers).status(error.statusCode).send(error.toBody());
}

/**
 * Turns every thrown error into the API error shape; unknown errors are logged, handed to
 * `onUnexpected` (the error tracker) and answered generically.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  { onUnexpected }: { onUnexpected: (error: Error, request: FastifyRequest) => void },
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return answer(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const first = details[0];
      const message = first && (first.path ? `${first.path}: ${first.message}` : first.message);
      return answer(reply, errors.validationFailed({ message, details }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      onUnexpected(error, request);
      return answer(reply, errors.serverError());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return answer(reply, errors.fromFramework(status, error.message));
    request.log.error({ err: error }, 'unhandled error');
    onUnexpected(error, request);
    return answer(reply, errors.serverError());
  });

  app.setNotFoundHandler((request, reply) => {
    answer(reply, errors.routeNotFound({ message: `No route for ${request.method} ${request.url.split('?')[0]}` }));
  });
}
