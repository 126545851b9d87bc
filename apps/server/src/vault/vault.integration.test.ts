import { DAY_MS, generateId, massMessageCopyId } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActivePlan, insertMediaRow, signUp, subscribe } from '../../test/content-fixtures.js';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { media, profiles, reports } from '../db/schema.js';

/**
 * The vault: a creator's uploads with where each is used, filters and folders, the owner-only
 * bytes, an item in several posts and messages without a new upload, and deleting it everywhere.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Person = Awaited<ReturnType<typeof signUp>>;

/** A ready picture with the bytes of its derivatives behind it. */
async function picture(ownerId: string, kind: 'image' | 'video' = 'image'): Promise<string> {
  const mediaId = await insertMediaRow(server, ownerId, 'ready', kind);
  for (const derivative of ['thumb', 'blur', 'blurThumb', 'playable'])
    await server.context.storage.put(`fixtures/${mediaId}/${derivative}`, Buffer.from(`${derivative} bytes`), {
      contentType: 'image/webp',
    });
  return mediaId;
}

async function statusOf(person: Person, path: string): Promise<number> {
  const response = await fetch(server.baseUrl + path, { headers: { cookie: person.client.cookie ?? '' } });
  await response.arrayBuffer();
  return response.status;
}

const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

describe(`the vault (${TEST_DRIVER})`, () => {
  it('lists every upload with where it is used, by kind, use and folder, and serves its bytes to the owner alone', async () => {
    const creator = await signUp(server, 'vaulted', { creator: true });
    const other = await signUp(server, 'vaultrival', { creator: true });
    const member = await signUp(server, 'vaultmember');
    const plan = await createActivePlan(creator.client, 'Gold', 900, 'USD', { chat: true });
    await subscribe(server, member.id, plan, new Date(Date.now() + 30 * DAY_MS));
    const inTwoPosts = await picture(creator.id);
    const inMessage = await picture(creator.id);
    const clip = await picture(creator.id, 'video');
    const unused = await picture(creator.id);
    await picture(other.id);
    // A screenshot sent to support is the ticket's: never in the vault, nor served or deleted through it.
    const screenshot = await picture(creator.id);
    const ticket = { subject: 'Upload stuck', message: 'See the picture.', screenshotMediaId: screenshot };
    expect((await creator.client.post('/api/support/tickets', ticket)).status).toBe(201);

    // One item goes into two posts and a message without uploading again; another into a mass message.
    for (const access of [['public'], ['subscription']])
      expect((await creator.client.post('/api/posts', { text: 'Set', mediaIds: [inTwoPosts], access })).status).toBe(201);
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
    expect(
      (await creator.client.post(`/api/chats/${chatId}/messages`, { id: generateId(), text: 'For you', mediaIds: [inMessage, inTwoPosts] }))
        .status,
    ).toBe(200);
    expect(
      (await creator.client.post('/api/me/mass-messages', { id: generateId(), text: 'All', mediaIds: [clip], include: ['subscribers'] }))
        .status,
    ).toBe(201);

    const all = (await creator.client.get('/api/me/vault')).body;
    expect(ids(all)).toEqual([unused, clip, inMessage, inTwoPosts]);
    const byId = new Map(all.items.map((item: { id: string }) => [item.id, item]));
    expect(byId.get(inTwoPosts)).toMatchObject({ kind: 'image', uses: { posts: 2, messages: 1, massMessages: 0, profile: false } });
    expect(byId.get(clip)).toMatchObject({ kind: 'video', uses: { posts: 0, messages: 0, massMessages: 1 } });
    expect(byId.get(unused)).toMatchObject({ uses: { posts: 0, messages: 0, massMessages: 0, profile: false }, folderIds: [] });
    expect(ids((await creator.client.get('/api/me/vault?kind=video')).body)).toEqual([clip]);
    expect(ids((await creator.client.get('/api/me/vault?use=posts')).body)).toEqual([inTwoPosts]);
    expect(ids((await creator.client.get('/api/me/vault?use=messages')).body)).toEqual([inMessage, inTwoPosts]);
    expect(ids((await creator.client.get('/api/me/vault?use=mass_messages')).body)).toEqual([clip]);
    expect(ids((await creator.client.get('/api/me/vault?use=unused')).body)).toEqual([unused]);
    // Paged newest first.
    const first = (await creator.client.get('/api/me/vault?limit=3')).body;
    expect(ids((await creator.client.get(`/api/me/vault?limit=3&cursor=${first.nextCursor}`)).body)).toEqual([inTwoPosts]);

    // The owner fetches every derivative; nobody else fetches any, by its vault address.
    const thumb = (byId.get(unused) as { urls: { thumb: string } }).urls.thumb;
    expect(thumb).toBe(`/api/me/vault/${unused}/thumb`);
    expect(await statusOf(creator, thumb)).toBe(200);
    expect(await statusOf(creator, `/api/me/vault/${unused}/playable`)).toBe(200);
    expect(await statusOf(creator, `/api/me/vault/${screenshot}/thumb`)).toBe(404);
    expect((await creator.client.delete(`/api/me/vault/${screenshot}`)).status).toBe(404);
    for (const kind of ['thumb', 'blur', 'blurThumb', 'playable', 'poster']) {
      expect(await statusOf(other, `/api/me/vault/${unused}/${kind}`)).toBe(404);
      expect(await statusOf(member, `/api/me/vault/${unused}/${kind}`)).toBe(403);
    }

    // Folders: made, named uniquely, filled with own items only, filtered by, renamed, deleted (items stay).
    const folder = await creator.client.post('/api/me/vault/folders', { name: 'Beach set' });
    expect(folder.status).toBe(201);
    expect((await creator.client.post('/api/me/vault/folders', { name: 'beach SET' })).body.type).toBe('vault_folder_name_taken');
    const folderId = folder.body.id as string;
    expect((await creator.client.request('PUT', `/api/me/vault/folders/${folderId}/items/${unused}`)).status).toBe(204);
    expect((await creator.client.request('PUT', `/api/me/vault/folders/${folderId}/items/${clip}`)).status).toBe(204);
    expect((await other.client.request('PUT', `/api/me/vault/folders/${folderId}/items/${unused}`)).status).toBe(404);
    const rivalFolder = (await other.client.post('/api/me/vault/folders', { name: 'Mine' })).body.id as string;
    expect((await other.client.request('PUT', `/api/me/vault/folders/${rivalFolder}/items/${unused}`)).status).toBe(404);
    expect(ids((await creator.client.get(`/api/me/vault?folderId=${folderId}`)).body)).toEqual([unused, clip]);
    expect((await creator.client.get('/api/me/vault/folders')).body.folders).toMatchObject([{ id: folderId, name: 'Beach set', count: 2 }]);
    expect((await creator.client.request('DELETE', `/api/me/vault/folders/${folderId}/items/${clip}`)).status).toBe(204);
    expect((await creator.client.request('PATCH', `/api/me/vault/folders/${folderId}`, { name: 'Summer' })).body).toMatchObject({
      name: 'Summer',
      count: 1,
    });
    expect((await creator.client.delete(`/api/me/vault/folders/${folderId}`)).status).toBe(204);
    expect(ids((await creator.client.get('/api/me/vault?use=unused')).body)).toEqual([unused]);
    expect((await member.client.get('/api/me/vault')).body.type).toBe('creator_required');
  });

  it('deletes an unused item at once, a used one only everywhere, and never one a report names', async () => {
    const creator = await signUp(server, 'vaultdelete', { creator: true });
    const member = await signUp(server, 'vaultviewer');
    const plan = await createActivePlan(creator.client, 'Gold', 900, 'USD', { chat: true });
    await subscribe(server, member.id, plan, new Date(Date.now() + 30 * DAY_MS));
    const unused = await picture(creator.id);
    const used = await picture(creator.id);
    const kept = await picture(creator.id);
    const reported = await picture(creator.id);
    const post = (await creator.client.post('/api/posts', { text: 'Two', mediaIds: [kept, used], access: ['public'] })).body;
    // A post and a paid message that hold nothing else: the post goes, the message leaves the chat.
    const onlyPost = (await creator.client.post('/api/posts', { mediaIds: [used], access: ['public'] })).body;
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
    const messageId = generateId();
    await creator.client.post(`/api/chats/${chatId}/messages`, { id: messageId, text: 'Look', mediaIds: [used] });
    const onlyMessage = generateId();
    await creator.client.post(`/api/chats/${chatId}/messages`, {
      id: onlyMessage,
      mediaIds: [used],
      price: { amountMinor: 500, currency: 'USD' },
    });
    // A paid mass message of it alone: its copy is sold no more and keeps its words.
    const massId = generateId();
    const mass = { id: massId, text: 'A set', mediaIds: [used], price: { amountMinor: 700, currency: 'USD' }, include: ['subscribers'] };
    expect((await creator.client.post('/api/me/mass-messages', mass)).status).toBe(201);
    await vi.waitFor(async () => expect((await creator.client.get(`/api/me/mass-messages/${massId}`)).body.status).toBe('sent'));
    await server.context.database.db.update(profiles).set({ coverMediaId: used }).where(eq(profiles.userId, creator.id));
    // A reported post holds the evidence: its items stay.
    const reportedPost = (await creator.client.post('/api/posts', { text: 'Reported', mediaIds: [reported], access: ['public'] })).body;
    await server.context.database.db.insert(reports).values({
      id: generateId(),
      reporterId: member.id,
      targetKind: 'post',
      targetId: reportedPost.id,
      targetUserId: creator.id,
      reason: 'other',
    });

    expect((await creator.client.delete(`/api/me/vault/${unused}`)).status).toBe(204);
    expect(await server.context.database.db.select().from(media).where(eq(media.id, unused))).toEqual([]);

    const refused = await creator.client.delete(`/api/me/vault/${used}`);
    expect([refused.status, refused.body.type]).toEqual([409, 'media_in_use']);
    expect(refused.body.message).toBe(
      'This item is used in 2 posts, 2 messages, 1 mass message, your profile. Delete it everywhere, or keep it.',
    );
    expect((await creator.client.delete(`/api/me/vault/${used}?everywhere=true`)).status).toBe(204);
    // Gone from the post (the other item stays), the message and the profile, with its bytes.
    const after = (await member.client.get(`/api/posts/${post.id}`)).body;
    expect(after.media).toHaveLength(1);
    expect((await member.client.get(`/api/chats/${chatId}/messages/${messageId}`)).body).toMatchObject({
      text: 'Look',
      media: [],
      price: null,
    });
    expect((await member.client.get(`/api/posts/${onlyPost.id}`)).status).toBe(404);
    expect((await member.client.get(`/api/chats/${chatId}/messages/${onlyMessage}`)).status).toBe(404);
    expect((await member.client.get(`/api/chats/${chatId}/messages/${massMessageCopyId(massId, member.id)}`)).body).toMatchObject({
      text: 'A set',
      media: [],
      price: null,
    });
    const [profile] = await server.context.database.db.select().from(profiles).where(eq(profiles.userId, creator.id));
    expect(profile?.coverMediaId).toBeNull();
    expect(await statusOf(creator, `/api/me/vault/${used}/thumb`)).toBe(404);

    expect((await creator.client.delete(`/api/me/vault/${reported}?everywhere=true`)).body.type).toBe('media_held_as_evidence');
    // Past the grace period, the purge of unused uploads takes what nothing uses, never what a folder keeps.
    const filed = await picture(creator.id);
    const abandoned = await picture(creator.id);
    const folderId = (await creator.client.post('/api/me/vault/folders', { name: 'Later' })).body.id as string;
    await creator.client.request('PUT', `/api/me/vault/folders/${folderId}/items/${filed}`);
    server.advanceClock(8 * DAY_MS);
    await server.context.media.purgeUnused();
    const left = await server.context.database.db.select({ id: media.id }).from(media).where(eq(media.ownerId, creator.id));
    expect(left.map((row) => row.id)).toContain(filed);
    expect(left.map((row) => row.id)).not.toContain(abandoned);
    const stranger = await signUp(server, 'vaultstranger', { creator: true });
    expect((await stranger.client.delete(`/api/me/vault/${kept}?everywhere=true`)).status).toBe(404);
  });
});
