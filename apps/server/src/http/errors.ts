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
    /** Response headers that belong to this answer, such as Retry-After. */
    public readonly headers: Readonly<Record<string, string>> = {},
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
  /** 429 with the real wait: in the message (whole minutes, rounded up) and in Retry-After (whole seconds, rounded up). */
  rateLimited: (retryAfterMs: number) => {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const minutes = Math.ceil(seconds / 60);
    return new AppError(
      429,
      'rate_limited',
      `Too many requests. Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  },
};
