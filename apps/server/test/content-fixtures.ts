import { generateId, ROLE } from '@aurum/core';
import { eq, sql } from 'drizzle-orm';
import { follows, media, plans, subscriptions, users } from '../src/db/schema.js';
import { ApiClient, type TestServer } from './test-server.js';

/**
 * Rows the content suites need before the flows that make them exist: the creators label
 * (set by onboarding), follows and subscriptions (set by payments).
 */

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}${++counter}-${Date.now()}@example.com`;
export const uniqueHandle = (prefix: string) => `${prefix}_${++counter}_${Date.now().toString(36)}`.slice(0, 30);

export async function grantCreatorLabel(server: TestServer, userId: string): Promise<void> {
  await server.context.database.db
    .update(users)
    .set({ labels: sql`array_append(array_remove(${users.labels}, ${ROLE.creators}), ${ROLE.creators})` })
    .where(eq(users.id, userId));
  server.context.sessions.forgetUser(userId);
}

/** A registered, signed-in member; `creator` adds the creators label. */
export async function signUp(server: TestServer, prefix: string, options: { creator?: boolean } = {}) {
  const client = new ApiClient(server);
  const me = await client.register(uniqueEmail(prefix), uniqueHandle(prefix), `${prefix} name`);
  if (options.creator) await grantCreatorLabel(server, me.id);
  return { client, id: me.id as string };
}

export async function follow(server: TestServer, userId: string, creatorId: string): Promise<void> {
  await server.context.database.db.insert(follows).values({ id: generateId(), userId, creatorId });
}

/** A subscription to the plan, valid until the given time (in the past for a lapsed one). */
export async function subscribe(server: TestServer, userId: string, planId: string, validUntil: Date): Promise<void> {
  const db = server.context.database.db;
  const [plan] = await db.select({ creatorId: plans.creatorId }).from(plans).where(eq(plans.id, planId));
  if (!plan) throw new Error(`no plan ${planId}`);
  await db.insert(subscriptions).values({ id: generateId(), userId, creatorId: plan.creatorId, planId, validUntil });
}

/** Creates and activates a plan through the API. */
export async function createActivePlan(
  client: ApiClient,
  name: string,
  priceMinor: number,
  currency = 'USD',
  perks: { chat: boolean } = { chat: false },
): Promise<string> {
  const created = await client.post('/api/plans', { name, priceMinor, currency, perks });
  if (created.status !== 201) throw new Error(`plan creation failed: ${JSON.stringify(created.body)}`);
  const activated = await client.post(`/api/plans/${created.body.id}/activate`);
  if (activated.status !== 200) throw new Error(`plan activation failed: ${JSON.stringify(activated.body)}`);
  return created.body.id;
}

const MIME_BY_KIND = { image: 'image/jpeg', video: 'video/mp4', audio: 'audio/mpeg' } as const;

/** A media row as the upload pipeline leaves it; `ready` ones get derivative keys (no bytes behind them). */
export async function insertMediaRow(
  server: TestServer,
  ownerId: string,
  status: 'processing' | 'ready' | 'failed' = 'ready',
  kind: keyof typeof MIME_BY_KIND = 'image',
): Promise<string> {
  const id = generateId();
  const ready = status === 'ready';
  await server.context.database.db.insert(media).values({
    id,
    ownerId,
    kind,
    mime: MIME_BY_KIND[kind],
    sizeBytes: 1000,
    originalKey: `fixtures/${id}/original`,
    status,
    width: ready ? 1200 : null,
    height: ready ? 800 : null,
    placeholder: ready ? 'placeholder-hash' : null,
    thumbKey: ready ? `fixtures/${id}/thumb` : null,
    blurKey: ready ? `fixtures/${id}/blur` : null,
    blurThumbKey: ready ? `fixtures/${id}/blur-thumb` : null,
    playableKey: ready ? `fixtures/${id}/playable` : null,
    playableMime: ready ? MIME_BY_KIND[kind] : null,
  });
  return id;
}
