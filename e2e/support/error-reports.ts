import type { EnvelopeItem } from '../../apps/server/test/sentry-stand-in.js';
import { SENTRY_PORT } from './ports.js';

export const SENTRY_PROJECT = { id: '7', publicKey: 'e2epublickey' };
export const SENTRY_DSN = `http://${SENTRY_PROJECT.publicKey}@127.0.0.1:${SENTRY_PORT}/${SENTRY_PROJECT.id}`;

/** The payloads of this type (`event`, `session`) the Sentry stand-in has received so far. */
export async function reported(type: string): Promise<EnvelopeItem['payload'][]> {
  const response = await fetch(`http://127.0.0.1:${SENTRY_PORT}/stand-in/items`);
  const items = (await response.json()) as EnvelopeItem[];
  return items.filter((item) => item.type === type).map((item) => item.payload);
}
