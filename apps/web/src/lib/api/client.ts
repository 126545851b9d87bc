import type { ApiErrorBody, ErrorType } from '@aurum/core';
import { requestFreshCheck } from '../fresh-check';
import { takeDocumentAnswer } from './document-answers';

/**
 * An error answered by the API (status 400 or above): its stable `type`, the human
 * message, the status and the whole body, so callers can branch on `type` and show `message`.
 */
export class ApiError extends Error {
  readonly type: string;
  readonly statusCode: number;
  readonly details: ApiErrorBody['details'];
  readonly body: unknown;

  constructor(body: ApiErrorBody, raw: unknown = body) {
    super(body.message);
    this.name = 'ApiError';
    this.type = body.type;
    this.statusCode = body.statusCode;
    this.details = body.details;
    this.body = raw;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach Aurum. Check your connection and try again.';

/** The request never got an answer (offline, server unreachable): what the local cache stands in for. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(NETWORK_ERROR_MESSAGE, { cause });
    this.name = 'NetworkError';
  }
}

/** True for an API error of the given type, e.g. `isApiError(error, 'handle_taken')` (a type the API does not have fails to compile). */
export function isApiError(error: unknown, type?: ErrorType): error is ApiError {
  return error instanceof ApiError && (type === undefined || error.type === type);
}

/**
 * Maps a failed response to an ApiError. Bodies that are not the API's error shape
 * (a proxy's HTML page, say) still give a typed error with the status.
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const raw: unknown = await response.json().catch(() => null);
  if (isApiErrorBody(raw)) return new ApiError(raw);
  const status = [response.status, response.statusText].filter(Boolean).join(' ');
  return new ApiError({ type: 'general_unknown', message: `The request failed (${status}).`, statusCode: response.status }, raw);
}

/** A hand-written check rather than the zod schema, which would pull zod into the first page load. */
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.type === 'string' && typeof body.message === 'string' && typeof body.statusCode === 'number';
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls the API on this origin with the session cookie. Resolves with the JSON body, or
 * undefined for 204; rejects with ApiError for answered errors and a NetworkError (message
 * only, the cause attached) when the request never got an answer. A GET that the server already
 * answered inside the document (document-answers.ts) takes that answer.
 */
export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  try {
    return await sendRequest<T>(method, path, body);
  } catch (error) {
    // A sensitive action asked for a fresh check: once the member passes it, the request goes again.
    if (!isApiError(error, 'step_up_required') || !(await requestFreshCheck())) throw error;
    return sendRequest<T>(method, path, body);
  }
}

async function sendRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const answered = method === 'GET' ? takeDocumentAnswer(path) : undefined;
  if (answered) return answered.body as T;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw new NetworkError(cause);
  }
  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body ?? {}),
  delete: <T = void>(path: string) => apiRequest<T>('DELETE', path),
};
