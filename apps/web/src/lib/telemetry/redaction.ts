/** What a redacted value becomes. */
export const REDACTED = '[redacted]';

/** Headers that carry credentials: never recorded in a span or a session recording. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

/** Whether a header's value is a credential: the ones above and any header named for a token (`x-csrf-token`, `token`). */
export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_HEADERS.has(lower) || lower.includes('token');
}

/** A query parameter named for a token (`token`, `access_token`, `resetToken`). */
const isSecretParam = (name: string) => name.toLowerCase().includes('token');

/** The URL with the value of every token query parameter redacted; anything that is not a URL is returned as it is. */
export function redactUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  let changed = false;
  for (const name of new Set(url.searchParams.keys())) {
    if (!isSecretParam(name)) continue;
    url.searchParams.set(name, REDACTED);
    changed = true;
  }
  return changed ? url.href : value;
}

/**
 * A span's attributes as they may leave the browser: credential headers
 * (`http.request.header.authorization` and the like) redacted, token query parameters in
 * every URL-valued attribute redacted. Only the attributes that change are returned.
 */
export function redactedAttributes(attributes: Readonly<Record<string, unknown>>): Record<string, string | string[]> {
  const changes: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(attributes)) {
    const header = /^http\.(?:request|response)\.header\.(.+)$/.exec(key)?.[1];
    if (header && isSecretHeader(header)) changes[key] = Array.isArray(value) ? value.map(() => REDACTED) : REDACTED;
    else if (typeof value === 'string' && value.includes('://')) {
      const redacted = redactUrl(value);
      if (redacted !== value) changes[key] = redacted;
    }
  }
  return changes;
}
