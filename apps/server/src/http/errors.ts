import { type ApiErrorBody, ERROR_CATALOG, ERROR_TYPES, type ErrorName, type ErrorType, errorSpec } from '@aurum/core';

export interface AppErrorOptions {
  /** A more specific message than the catalog's default. */
  message?: string;
  details?: ApiErrorBody['details'];
  /** Response headers that belong to this answer, such as Retry-After. */
  headers?: Readonly<Record<string, string>>;
}

/**
 * An error the API answers with: a type from the error catalog in @aurum/core, which fixes
 * its HTTP status and default message. Services throw these (made by `errors`); the error
 * handler turns them into responses.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly details: ApiErrorBody['details'];
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    public readonly type: ErrorType,
    options: AppErrorOptions = {},
  ) {
    const spec = errorSpec(type);
    super(options.message ?? spec.message);
    this.name = 'AppError';
    this.statusCode = spec.status;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  toBody(): ApiErrorBody {
    return { type: this.type, message: this.message, statusCode: this.statusCode, ...(this.details ? { details: this.details } : {}) };
  }
}

type ErrorFactories = { readonly [N in ErrorName]: (options?: AppErrorOptions) => AppError };

const fromCatalog = Object.fromEntries(
  (Object.keys(ERROR_CATALOG) as ErrorName[]).map((name) => [
    name,
    (options?: AppErrorOptions) => new AppError(ERROR_TYPES[name], options),
  ]),
) as ErrorFactories;

/** A 4xx raised by Fastify or a plugin keeps its status where the catalog has a type for it; any other is a bad request. */
const FRAMEWORK_TYPES: Readonly<Record<number, ErrorType>> = {
  403: ERROR_TYPES.forbidden,
  413: ERROR_TYPES.payloadTooLarge,
  415: ERROR_TYPES.unsupportedMediaType,
  416: ERROR_TYPES.rangeNotSatisfiable,
  429: ERROR_TYPES.rateLimited,
};

/** The one way to make an API error: `throw errors.alreadySeen()`, or with a specific message or details. */
export const errors = {
  ...fromCatalog,
  fromFramework: (statusCode: number, message: string) => new AppError(FRAMEWORK_TYPES[statusCode] ?? ERROR_TYPES.badRequest, { message }),
  notFound: (what = 'Resource') => new AppError(ERROR_TYPES.notFound, { message: `${what} not found.` }),
  /** 429 with the real wait: in the message (whole minutes, rounded up) and in Retry-After (whole seconds, rounded up). */
  rateLimited: (retryAfterMs: number) => {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const minutes = Math.ceil(seconds / 60);
    return new AppError(ERROR_TYPES.rateLimited, {
      message: `Too many requests. Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`,
      headers: { 'retry-after': String(seconds) },
    });
  },
};
