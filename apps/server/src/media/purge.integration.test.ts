import { Readable } from 'node:stream';
import { generateId } from '@aurum/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { auditLog, chats, jobs, media, messageMedia, messages, postMedia, posts, profiles, reports } from '../db/schema.js';
import { PURGE_JOB } from './service.js';

const HOUR = 60 * 60 * 1000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MEDIA_UNATTACHED_GRACE_HOURS: '24' });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.context.database.db;
let counter = 0;
async function user(): Promise<string> {
  const client = new ApiClient(server);
  await client.register(`purge${++counter}-${Date.now()}@example.com`, `purge_${counter}_${Date.now() % 100000}`);
  return (await client.get('/api/me')).body.id;
}

/** A processed upload with its original and one derivative in storage. */
async function upload(ownerId: string): Promise<string> {
  const id = generateId();
  await server.context.storage.put(`originals/${id}`, Readable.from([Buffer.from('original')]), { contentType: 'image/jpeg' });
  await server.context.storage.put(`derived/${id}/thumb`, Readable.from([Buffer.from('thumb')]), { contentType: 'image/webp' });
  await db()
    .insert(media)
    .values({
      id,
      ownerId,
      kind: 'image',
      mime: 'image/jpeg',
      sizeBytes: 8,
      originalKey: `originals/${id}`,
      thumbKey: `derived/${id}/thumb`,
      status: 'ready',
      createdAt: server.context.now(),
    });
  return id;
}

async function post(creatorId: string, mediaIds: string[]): Promise<string> {
  const id = generateId();
  await db()
    .insert(posts)
    .values({ id, creatorId, text: 'hello', access: ['public'] });
  await db()
    .insert(postMedia)
    .values(mediaIds.map((mediaId, position) => ({ postId: id, mediaId, position })));
  return id;
}

async function message(senderId: string, partnerId: string, mediaId: string): Promise<void> {
  const [low, high] = [senderId, partnerId].sort() as [string, string];
  const chatId = generateId();
  await db().insert(chats).values({ id: chatId, userLow: low, userHigh: high }).onConflictDoNothing();
  const [chat] = await db().select({ id: chats.id }).from(chats).where(eq(chats.userLow, low));
  const messageId = generateId();
  await db()
    .insert(messages)
    .values({ id: messageId, chatId: chat?.id ?? chatId, senderId, body: 'for you' });
  await db().insert(messageMedia).values({ messageId, position: 0, mediaId });
}

const remaining = async (ids: string[]) =>
  (await db().select({ id: media.id }).from(media).where(inArray(media.id, ids))).map((row) => row.id).sort();
const stored = async (id: string) => Boolean(await server.context.storage.stat(`originals/${id}`));

describe(`purging unused media (${TEST_DRIVER})`, () => {
  it('deletes uploads never attached once the grace period is over, and keeps everything something uses', async () => {
    const creatorId = await user();
    const memberId = await user();
    const [fresh, stale, inPost, inMessage, avatar] = [
      await upload(creatorId),
      await upload(creatorId),
      await upload(creatorId),
      await upload(creatorId),
      await upload(creatorId),
    ] as [string, string, string, string, string];
    await post(creatorId, [inPost]);
    await message(creatorId, memberId, inMessage);
    await db().update(profiles).set({ avatarMediaId: avatar }).where(eq(profiles.userId, creatorId));
    // All but `fresh` were uploaded two days ago.
    await db()
      .update(media)
      .set({ createdAt: new Date(server.context.now().getTime() - 48 * HOUR) })
      .where(inArray(media.id, [stale, inPost, inMessage, avatar]));

    await server.context.media.purgeUnused();
    expect(await remaining([fresh, stale, inPost, inMessage, avatar])).toEqual([fresh, inPost, inMessage, avatar].sort());
    expect(await stored(stale)).toBe(false);
    expect(await server.context.storage.stat(`derived/${stale}/thumb`)).toBeNull();
    expect(await stored(fresh)).toBe(true);

    // A day later the fresh one is over its grace period too.
    server.advanceClock(25 * HOUR);
    await server.context.media.purgeUnused();
    expect(await remaining([fresh, inPost, inMessage, avatar])).toEqual([inPost, inMessage, avatar].sort());
  });

  it('releases the media of a deleted post at once, except what a message still needs', async () => {
    const creatorId = await user();
    const memberId = await user();
    const [only, alsoSent] = [await upload(creatorId), await upload(creatorId)] as [string, string];
    const postId = await post(creatorId, [only, alsoSent]);
    await message(creatorId, memberId, alsoSent);
    await server.context.media.purgeUnused();
    expect(await remaining([only, alsoSent])).toEqual([only, alsoSent].sort());

    await server.context.posts.remove(creatorId, postId);
    // The deletion queued a purge that the server's worker runs right away.
    await vi.waitFor(
      async () => {
        expect(await remaining([only, alsoSent])).toEqual([alsoSent]);
        // The bytes go right after the row.
        expect(await stored(only)).toBe(false);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await stored(alsoSent)).toBe(true);
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.id, `${PURGE_JOB}:post-${postId}`));
    expect(job).toMatchObject({ type: PURGE_JOB });
    // The deleted post still holds the kept item, so it cannot be served through another post.
    expect(await db().select().from(postMedia).where(eq(postMedia.postId, postId))).toEqual([{ postId, mediaId: alsoSent, position: 1 }]);
  });

  it('keeps the media of a deleted post while a report or an audit row names the post or the item', async () => {
    const creatorId = await user();
    const memberId = await user();
    const adminId = await user();
    const [reported, audited, auditedItem, plain] = [
      await upload(creatorId),
      await upload(creatorId),
      await upload(creatorId),
      await upload(creatorId),
    ] as [string, string, string, string];
    const [reportedPost, auditedPost, itemPost, plainPost] = [
      await post(creatorId, [reported]),
      await post(creatorId, [audited]),
      await post(creatorId, [auditedItem]),
      await post(creatorId, [plain]),
    ];
    await db()
      .insert(reports)
      .values({
        id: generateId(),
        reporterId: memberId,
        targetKind: 'post',
        targetId: reportedPost as string,
        targetUserId: creatorId,
        reason: 'spam',
      });
    await db()
      .insert(auditLog)
      .values([
        { id: generateId(), actorId: adminId, action: 'remove_content', targetType: 'post', targetId: auditedPost as string },
        { id: generateId(), actorId: adminId, action: 'remove_content', targetType: 'media', targetId: auditedItem },
      ]);
    for (const postId of [reportedPost, auditedPost, itemPost, plainPost]) await server.context.posts.remove(creatorId, postId as string);
    await server.context.media.purgeUnused();
    expect(await remaining([reported, audited, auditedItem, plain])).toEqual([reported, audited, auditedItem].sort());
    expect(await stored(reported)).toBe(true);
    // The worker's own purge (queued by the deletions) may still be deleting the bytes after the row.
    await vi.waitFor(async () => expect(await stored(plain)).toBe(false));

    // Long after the grace period they are still there for whoever reads the record.
    server.advanceClock(30 * 24 * HOUR);
    await server.context.media.purgeUnused();
    expect(await remaining([reported, audited, auditedItem])).toEqual([reported, audited, auditedItem].sort());
  });

  it('counts the grace period of an item taken out of a post from when it was taken out', async () => {
    const creatorId = await user();
    const [kept, taken] = [await upload(creatorId), await upload(creatorId)] as [string, string];
    const postId = await post(creatorId, [kept, taken]);
    // Uploaded three days ago, in the post ever since.
    await db()
      .update(media)
      .set({ createdAt: new Date(server.context.now().getTime() - 72 * HOUR) })
      .where(inArray(media.id, [kept, taken]));

    const before = server.context.now().getTime();
    await server.context.posts.removeMedia(creatorId, postId, taken);
    const [row] = await db().select({ detachedAt: media.detachedAt }).from(media).where(eq(media.id, taken));
    expect(row?.detachedAt?.getTime()).toBeGreaterThanOrEqual(before);
    await server.context.media.purgeUnused();
    expect(await remaining([kept, taken])).toEqual([kept, taken].sort());

    server.advanceClock(23 * HOUR);
    await server.context.media.purgeUnused();
    expect(await remaining([kept, taken])).toEqual([kept, taken].sort());

    server.advanceClock(2 * HOUR);
    await server.context.media.purgeUnused();
    expect(await remaining([kept, taken])).toEqual([kept]);
    expect(await stored(taken)).toBe(false);
  });

  it('refuses to delete an upload a message uses', async () => {
    const creator = new ApiClient(server);
    await creator.register(`purge-own-${Date.now()}@example.com`, `purge_own_${Date.now() % 100000}`);
    const creatorId: string = (await creator.get('/api/me')).body.id;
    const memberId = await user();
    const sent = await upload(creatorId);
    await message(creatorId, memberId, sent);
    const refused = await creator.delete(`/api/media/${sent}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ type: 'media_in_use' });
    expect(await remaining([sent])).toEqual([sent]);
  });
});
