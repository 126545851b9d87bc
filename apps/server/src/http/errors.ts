import type { ApiErrorBody } from '@aurum/core';

/**
 * An error the API answers with: a stable machine-readable `type`, a human message and
 * an HTTP status. Services throw these; the error handler turns them into responses.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly type: string,
    message: string,
    public readonly details?: ApiErrorBody['details'],
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ApiErrorBody {
    return { type: this.type, message: this.message, statusCode: this.statusCode, ...(this.details ? { details: this.details } : {}) };
  }
}

export const errors = {
  unauthenticated: () => new AppError(401, 'general_unauthorized_scope', 'Please sign in to continue.'),
  forbidden: (message = 'You are not allowed to do that.') => new AppError(403, 'forbidden', message),
  notFound: (what = 'Resource') => new AppError(404, 'not_found', `${what} not found.`),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(429, 'rate_limited', `Too many requests. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`),
};
