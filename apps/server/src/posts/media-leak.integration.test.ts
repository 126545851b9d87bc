import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  type AccessViewer,
  DAY_MS,
  DERIVATIVE_KINDS,
  DEV_TEST_CARDS,
  generateId,
  massMessageCopyId,
  postAccessLevel,
  revealsContent,
} from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, follow, signUp, subscribe, uniqueHandle } from '../../test/content-fixtures.js';
import { jpegWithLocation, writeAudio, writeVideo } from '../../test/media-fixtures.js';
import { savedCard } from '../../test/money-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { media, profiles } from '../db/schema.js';
import { sniffMediaType } from '../uploads/sniff.js';

/**
 * The leak test: real uploads through the media pipeline, posts at every access level, viewers
 * of every kind, and every route and URL pattern we can think of. Original bytes (and the
 * full-quality, thumbnail and poster derivatives made from them) must never reach a viewer the
 * access rule does not allow, and must reach the ones it does. The uploaded file itself is never
 * served to anyone: it may carry the creator's location.
 */

let server: TestServer;
let workDir: string;
const LEAK_ADMIN_EMAIL = 'leak-admin@example.com';
const REFUND_ADMIN_EMAIL = 'leak-refund-admin@example.com';
const POST_REFUND_ADMIN_EMAIL = 'leak-post-refund-admin@example.com';

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'aurum-leak-'));
  const webDir = path.join(workDir, 'web');
  await mkdir(webDir);
  // A built web app, so the fallback that answers unknown paths with index.html is tried too.
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Aurum</title>');
  server = await startTestServer({
    DATA_DIR: path.join(workDir, 'data'),
    WEB_DIST_DIR: webDir,
    ADMIN_EMAILS: `${LEAK_ADMIN_EMAIL},${REFUND_ADMIN_EMAIL},${POST_REFUND_ADMIN_EMAIL}`,
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface StoredMedia {
  id: string;
  upload: Buffer;
  /** Derivatives by kind, as stored. */
  bytes: Partial<Record<(typeof DERIVATIVE_KINDS)[number], Buffer>>;
}

const UPLOADS = {
  image: { mime: 'image/jpeg', make: () => jpegWithLocation(360, 240) },
  video: {
    mime: 'video/mp4',
    make: () => fileOf('mp4', (file) => writeVideo(file, { seconds: 2, width: 320, height: 240, codec: 'h264', tagged: true })),
  },
  audio: { mime: 'audio/mpeg', make: () => fileOf('mp3', (file) => writeAudio(file, 2)) },
} as const;

async function fileOf(extension: string, write: (file: string) => Promise<void>): Promise<Buffer> {
  const file = path.join(workDir, `${generateId()}.${extension}`);
  await write(file);
  return readFile(file);
}

/** Uploads a generated file (with camera and location tags) through the media service and waits for its processing job. */
async function processed(ownerId: string, kind: keyof typeof UPLOADS): Promise<StoredMedia> {
  const upload = await UPLOADS[kind].make();
  const id = generateId();
  const mime = kind === 'image' ? 'image/jpeg' : 'video/mp4';
  await server.context.media.acceptUpload(
    { id, ownerId, kind, mime, sizeBytes: upload.length, originalName: `upload.${kind}` },
    Readable.from([upload]),
  );
  for (let attempt = 0; attempt < 600; attempt++) {
    const record = await server.context.media.getMedia(id);
    if (record?.status === 'failed') throw new Error(`processing failed: ${record.failureReason}`);
    if (record?.status === 'ready') {
      const bytes: StoredMedia['bytes'] = {};
      for (const derivative of DERIVATIVE_KINDS) {
        if (!record.derivatives[derivative]) continue;
        const object = await server.context.media.openDerivative(id, derivative);
        bytes[derivative] = Buffer.concat(await object.stream.toArray());
      }
      return { id, upload, bytes };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`media ${id} was not processed in time`);
}

/** A response as bytes, whatever it is. */
async function fetchBytes(client: ApiClient | null, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.baseUrl + url, { headers: { ...(client?.cookie ? { cookie: client.cookie } : {}), ...headers } });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

const PROTECTED_KINDS = ['thumb', 'poster', 'playable'] as const;
const BLURRED_KINDS = ['blur', 'blurThumb'] as const;

describe(`media never leaks (${TEST_DRIVER})`, () => {
  it('serves original-derived bytes exactly to the viewers the access rule allows, through any URL tried', async () => {
    const creator = await signUp(server, 'leakcreator', { creator: true });
    const rival = await signUp(server, 'leakrival', { creator: true });
    const planA = await createActivePlan(creator.client, 'A', 300);
    const planB = await createActivePlan(creator.client, 'B', 900);

    // One post per access level, each with its own media; two also hold a video or a sound.
    const layouts: {
      name: string;
      access: string[];
      scheduled?: boolean;
      deleted?: boolean;
      extra?: 'video' | 'audio';
      forSale?: boolean;
    }[] = [
      { name: 'public', access: ['public'] },
      { name: 'follower', access: ['follower'] },
      { name: 'sneakpeek', access: ['sneakpeek'] },
      { name: 'subscription', access: ['subscription'], extra: 'video' },
      { name: 'planA', access: [planA], extra: 'audio' },
      { name: 'planB', access: [planB] },
      { name: 'private', access: ['private'] },
      { name: 'scheduled', access: ['public'], scheduled: true },
      { name: 'deleted', access: ['public'], deleted: true },
      // Sold on their own: the buyer bought both; followers read the first free.
      { name: 'forSale', access: ['follower'], forSale: true },
      { name: 'forSaleOnly', access: [planB], forSale: true },
    ];
    const posts: { id: string; creatorId: string; access: string[]; published: boolean; deleted: boolean; items: StoredMedia[] }[] = [];
    for (const layout of layouts) {
      const items = [await processed(creator.id, 'image'), ...(layout.extra ? [await processed(creator.id, layout.extra)] : [])];
      const publishAt = layout.scheduled ? new Date(server.context.now().getTime() + DAY_MS).toISOString() : undefined;
      const created = await creator.client.post('/api/posts', {
        text: layout.name,
        mediaIds: items.map((item) => item.id),
        access: layout.access,
        publishAt,
        ...(layout.forSale ? { price: { amountMinor: 600, currency: 'USD' } } : {}),
      });
      expect(created.status, layout.name).toBe(201);
      if (layout.deleted) expect((await creator.client.delete(`/api/posts/${created.body.id}`)).status).toBe(204);
      posts.push({
        id: created.body.id,
        creatorId: creator.id,
        access: layout.access,
        published: !layout.scheduled,
        deleted: !!layout.deleted,
        items,
      });
    }
    const rivalItem = await processed(rival.id, 'image');
    const rivalPost = (await rival.client.post('/api/posts', { mediaIds: [rivalItem.id], access: ['public'] })).body.id;
    posts.push({ id: rivalPost, creatorId: rival.id, access: ['public'], published: true, deleted: false, items: [rivalItem] });
    // Uploads in no post: the rival's (legitimately) becomes their avatar; the creator's stays private.
    const rivalAvatar = await processed(rival.id, 'image');
    const loose = await processed(creator.id, 'image');

    const stranger = await signUp(server, 'leakstranger');
    const follower = await signUp(server, 'leakfollower');
    const subscriberA = await signUp(server, 'leaksuba');
    const subscriberB = await signUp(server, 'leaksubb');
    const lapsed = await signUp(server, 'leaklapsed');
    const followerSubscriber = await signUp(server, 'leakfolsub');
    const buyer = await signUp(server, 'leakbuyer');
    const buyerCard = await savedCard(buyer.client);
    const forSale = posts.filter((_, index) => layouts[index]?.forSale).map((post) => post.id);
    for (const postId of forSale) {
      const bought = await buyer.client.post(`/api/posts/${postId}/purchase`, {
        paymentMethodId: buyerCard,
        idempotencyKey: generateId().padEnd(24, '0'),
        price: { amountMinor: 600, currency: 'USD' },
      });
      expect(bought.status).toBe(200);
    }
    const soon = new Date(server.context.now().getTime() + 5 * DAY_MS);
    await follow(server, follower.id, creator.id);
    await follow(server, followerSubscriber.id, creator.id);
    await subscribe(server, subscriberA.id, planA, soon);
    await subscribe(server, subscriberB.id, planB, soon);
    await subscribe(server, followerSubscriber.id, planA, soon);
    await subscribe(server, lapsed.id, planA, new Date(server.context.now().getTime() - DAY_MS));

    // Profiles pointed at media they must not expose, as a careless profile editor might allow.
    const db = server.context.database.db;
    const lockedItem = posts.find((post) => post.access[0] === planB)!.items[0]!;
    await db.update(profiles).set({ avatarMediaId: lockedItem.id, coverMediaId: loose.id }).where(eq(profiles.userId, stranger.id));
    await db.update(profiles).set({ coverMediaId: lockedItem.id }).where(eq(profiles.userId, creator.id));
    await db.update(profiles).set({ avatarMediaId: rivalAvatar.id }).where(eq(profiles.userId, rival.id));

    // `boughtPost` is per post: the viewer's purchases are in `bought`.
    const viewers: { name: string; client: ApiClient | null; model: AccessViewer | null; bought?: string[] }[] = [
      { name: 'anonymous', client: null, model: null },
      { name: 'owner', client: creator.client, model: { userId: creator.id, followsCreator: false, activePlanIds: [], boughtPost: false } },
      { name: 'rival', client: rival.client, model: { userId: rival.id, followsCreator: false, activePlanIds: [], boughtPost: false } },
      {
        name: 'stranger',
        client: stranger.client,
        model: { userId: stranger.id, followsCreator: false, activePlanIds: [], boughtPost: false },
      },
      {
        name: 'follower',
        client: follower.client,
        model: { userId: follower.id, followsCreator: true, activePlanIds: [], boughtPost: false },
      },
      {
        name: 'subscriberA',
        client: subscriberA.client,
        model: { userId: subscriberA.id, followsCreator: false, activePlanIds: [planA], boughtPost: false },
      },
      {
        name: 'subscriberB',
        client: subscriberB.client,
        model: { userId: subscriberB.id, followsCreator: false, activePlanIds: [planB], boughtPost: false },
      },
      { name: 'lapsed', client: lapsed.client, model: { userId: lapsed.id, followsCreator: false, activePlanIds: [], boughtPost: false } },
      {
        name: 'followerSubscriberA',
        client: followerSubscriber.client,
        model: { userId: followerSubscriber.id, followsCreator: true, activePlanIds: [planA], boughtPost: false },
      },
      {
        name: 'buyer',
        client: buyer.client,
        model: { userId: buyer.id, followsCreator: false, activePlanIds: [], boughtPost: false },
        bought: forSale,
      },
    ];

    const allItems = [...posts.flatMap((post) => post.items), rivalAvatar, loose];
    // Every upload and every full-quality version is distinct, so a match below names exactly one item.
    const distinct = allItems.flatMap((item) => [item.upload, item.bytes.playable!]).map(sha256);
    expect(new Set(distinct).size).toBe(distinct.length);
    const mediaRows = await db.select().from(media);
    // Where the upload and the full-quality version are stored, as paths someone might try.
    const storageKeys = mediaRows
      .filter((row) => allItems.some((item) => item.id === row.id))
      .flatMap((row) => [row.originalKey, row.playableKey].filter((key): key is string => !!key));
    const userIds = [creator.id, rival.id, stranger.id, follower.id];

    /** Every URL we know or can guess that might return media bytes. */
    const urls: { url: string; headers?: Record<string, string> }[] = [];
    for (const post of posts) {
      for (const position of [0, 1, 7]) {
        for (const kind of [...DERIVATIVE_KINDS, 'original']) urls.push({ url: `/api/posts/${post.id}/media/${position}/${kind}` });
        urls.push({ url: `/api/posts/${post.id}/media/${position}/playable?v=forged&kind=blur` });
      }
      for (const position of [0, 1]) {
        for (const range of ['bytes=0-', 'bytes=-4096']) {
          for (const kind of ['playable', 'blur'])
            urls.push({ url: `/api/posts/${post.id}/media/${position}/${kind}`, headers: { range } });
        }
      }
      urls.push({ url: `/api/posts/${post.id}/media/-1/playable` }, { url: `/api/posts/${post.id}/media/0/playable/../../1/playable` });
      urls.push({ url: `/posts/${post.id}` }, { url: `/api/posts/${post.id}/media` });
    }
    for (const item of allItems) {
      for (const suffix of ['', '/original', '/playable', '/download', '/status']) {
        urls.push({ url: `/api/media/${item.id}${suffix}` }, { url: `/media/${item.id}${suffix}` });
      }
      for (const prefix of ['/api/uploads/', '/uploads/', '/api/files/', '/api/users/']) urls.push({ url: `${prefix}${item.id}` });
      urls.push({ url: `/api/users/${item.id}/avatar` }, { url: `/api/users/${creator.id}/avatar?mediaId=${item.id}` });
      // A media id in place of a post id.
      urls.push({ url: `/api/posts/${item.id}/media/0/playable` }, { url: `/api/posts/${item.id}/media/0/blur` });
    }
    for (const key of storageKeys) {
      for (const prefix of ['/', '/media/', '/data/media/', '/api/media/', '/api/posts/x/media/0/..%2F..%2F..%2F..%2F'])
        urls.push({ url: `${prefix}${key}` });
      urls.push({ url: `/..%2Fdata%2Fmedia%2F${encodeURIComponent(key)}` }, { url: `/%2e%2e/%2e%2e/data/media/${key}` });
    }
    for (const userId of userIds) {
      for (const image of ['avatar', 'cover']) {
        urls.push({ url: `/api/users/${userId}/${image}` }, { url: `/api/users/${userId}/${image}`, headers: { range: 'bytes=0-' } });
      }
    }

    // Every GET route the server has, today and in future, filled with every id we hold: a new route
    // that serves bytes by a bare media id (or anything else it should not) is caught here.
    const ids = [...allItems.map((item) => item.id), ...posts.map((post) => post.id), ...userIds];
    const fill = (param: string) =>
      /position/i.test(param) ? ['0', '1'] : /kind|variant|image/i.test(param) ? [...DERIVATIVE_KINDS, 'original'] : ids;
    const routeUrls: string[] = [];
    for (const route of server.routes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && r.url !== '/api/openapi.json')) {
      let filled = [route.url];
      for (const param of route.url.match(/:\w+/g) ?? []) {
        filled = filled.flatMap((url) => fill(param).map((value) => url.replace(param, encodeURIComponent(value))));
      }
      routeUrls.push(...filled.slice(0, 400));
    }
    expect(routeUrls.length).toBeGreaterThan(100);

    const levelOf = ({ model, bought = [] }: (typeof viewers)[number], post: (typeof posts)[number]) =>
      post.deleted
        ? 'hidden'
        : postAccessLevel(model && { ...model, boughtPost: bought.includes(post.id) }, {
            creatorId: post.creatorId,
            access: post.access,
            isPublished: post.published,
          });

    const leaks: string[] = [];
    for (const viewer of viewers) {
      // What this viewer may have and what they must never get.
      const allowed: Buffer[] = [rivalAvatar.bytes.playable!];
      const forbidden: Buffer[] = allItems.map((item) => item.upload);
      for (const post of posts) {
        const level = levelOf(viewer, post);
        for (const item of post.items) {
          for (const kind of PROTECTED_KINDS) if (item.bytes[kind]) (revealsContent(level) ? allowed : forbidden).push(item.bytes[kind]);
          for (const kind of BLURRED_KINDS) if (item.bytes[kind]) (level === 'hidden' ? forbidden : allowed).push(item.bytes[kind]);
        }
      }
      for (const kind of DERIVATIVE_KINDS) if (loose.bytes[kind]) forbidden.push(loose.bytes[kind]);
      // Identical bytes in both sets (two blurs of noise can come out the same) prove nothing either way.
      const allowedHashes = new Set(allowed.map(sha256));
      const forbiddenHashes = new Set(forbidden.map(sha256).filter((hash) => !allowedHashes.has(hash)));
      const sameSlice = (file: Buffer, body: Buffer, start: number, size: number) =>
        file.length === size && file.subarray(start, start + body.length).equals(body);

      // The sweep over every route runs for the viewers with the least access, to keep the test quick.
      const tried: typeof urls = ['anonymous', 'stranger'].includes(viewer.name) ? [...urls, ...routeUrls.map((url) => ({ url }))] : urls;
      for (let i = 0; i < tried.length; i += 8) {
        const batch = tried.slice(i, i + 8);
        const responses = await Promise.all(batch.map(({ url, headers }) => fetchBytes(viewer.client, url, headers)));
        responses.forEach((response, index) => {
          const { url, headers } = batch[index]!;
          const where = `${viewer.name} ${url} ${JSON.stringify(headers ?? {})} -> ${response.status}`;
          // Without a session no API route answers with anything but JSON (health, errors).
          const json = response.headers.get('content-type')?.startsWith('application/json');
          if (viewer.client === null && url.startsWith('/api/') && response.status < 300 && !json) leaks.push(`anonymous got ${where}`);
          if (response.status >= 300) return;
          if (forbiddenHashes.has(sha256(response.body))) leaks.push(where);
          const range = /^bytes (\d+)-\d+\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
          if (response.status === 206 && range) {
            const [start, size] = [Number(range[1]), Number(range[2])];
            // A slice counts as leaked when it matches a forbidden file and no file this viewer may have.
            if (
              forbidden.some((file) => sameSlice(file, response.body, start, size)) &&
              !allowed.some((file) => sameSlice(file, response.body, start, size))
            ) {
              leaks.push(`${where} (slice)`);
            }
          }
        });
      }
    }
    expect(leaks).toEqual([]);

    // And the allowed do get the real bytes.
    for (const viewer of viewers.filter((v) => v.client)) {
      for (const post of posts) {
        const level = levelOf(viewer, post);
        for (const [position, item] of post.items.entries()) {
          for (const kind of DERIVATIVE_KINDS) {
            if (!item.bytes[kind]) continue;
            const served = await fetchBytes(viewer.client, `/api/posts/${post.id}/media/${position}/${kind}`);
            const mayHave = level !== 'hidden' && (revealsContent(level) || (BLURRED_KINDS as readonly string[]).includes(kind));
            const label = `${viewer.name} ${JSON.stringify(post.access)} ${kind} (${level})`;
            expect(served.status, label).toBe(mayHave ? 200 : 404);
            if (!mayHave) continue;
            expect(sha256(served.body), label).toBe(sha256(item.bytes[kind]));
            // Served as what the bytes are, whatever the kind of media or derivative.
            expect(served.headers.get('content-type'), label).toBe((await sniffMediaType(Readable.from([served.body])))?.mime);
          }
        }
      }
      const avatar = await fetchBytes(viewer.client, `/api/users/${rival.id}/avatar`);
      expect(sha256(avatar.body)).toBe(sha256(rivalAvatar.bytes.playable!));
      // Pointed at a post's media or at someone else's upload, a profile picture is simply not there.
      for (const url of [`/api/users/${stranger.id}/avatar`, `/api/users/${stranger.id}/cover`, `/api/users/${creator.id}/cover`]) {
        expect((await fetchBytes(viewer.client, url)).status, url).toBe(404);
      }
    }
  }, 300_000);

  it('streams video with HTTP Range for seeking, and refuses locked viewers the same way as missing media', async () => {
    const creator = await signUp(server, 'rangecreator', { creator: true });
    const subscriber = await signUp(server, 'rangesub');
    const stranger = await signUp(server, 'rangestranger');
    const plan = await createActivePlan(creator.client, 'Video club', 500);
    await subscribe(server, subscriber.id, plan, new Date(server.context.now().getTime() + 5 * DAY_MS));
    const clip = await processed(creator.id, 'video');
    const post = (await creator.client.post('/api/posts', { mediaIds: [clip.id], access: ['subscription'] })).body;
    const url = post.media[0].urls.playable as string;
    const playable = clip.bytes.playable!;
    const size = playable.length;
    const get = (headers: Record<string, string> = {}, client = subscriber.client) => fetchBytes(client, url, headers);

    const whole = await get();
    expect(whole.status).toBe(200);
    expect(sha256(whole.body)).toBe(sha256(playable));
    expect(
      Object.fromEntries(
        [
          'accept-ranges',
          'content-type',
          'content-disposition',
          'content-length',
          'cache-control',
          'x-content-type-options',
          'cross-origin-resource-policy',
        ].map((name) => [name, whole.headers.get(name)]),
      ),
    ).toEqual({
      'accept-ranges': 'bytes',
      'content-type': 'video/mp4',
      'content-disposition': 'inline',
      'content-length': String(size),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });

    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-50', size - 50, size - 1],
      [`bytes=10-${size * 10}`, 10, size - 1],
      [`bytes=-${size * 2}`, 0, size - 1],
    ] as const) {
      const part = await get({ range });
      expect(part.status, range).toBe(206);
      expect(part.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(part.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(part.body.equals(playable.subarray(start, end + 1)), range).toBe(true);
    }

    for (const range of [`bytes=${size}-`, 'bytes=-0']) {
      const refused = await get({ range });
      expect(refused.status, range).toBe(416);
      expect(refused.headers.get('content-range'), range).toBe(`bytes */${size}`);
      expect(JSON.parse(refused.body.toString()).type).toBe('range_not_satisfiable');
    }
    // Several ranges, a malformed one, or an If-Range we cannot vouch for: the whole file.
    const wholeFile: Record<string, string>[] = [
      { range: 'bytes=0-1,5-6' },
      { range: 'bytes=5-1' },
      { range: 'bytes=0-99', 'if-range': '"some-etag"' },
    ];
    for (const headers of wholeFile) {
      const full = await get(headers);
      expect(full.status, JSON.stringify(headers)).toBe(200);
      expect(full.body.length).toBe(size);
    }

    const head = await fetch(server.baseUrl + url, { method: 'HEAD', headers: { cookie: subscriber.client.cookie! } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    // A locked viewer: the blurred poster, nothing else, and a refusal that reads like "no such media".
    const locked = await get({ range: 'bytes=0-' }, stranger.client);
    expect(locked.status).toBe(404);
    expect(locked.headers.get('content-range')).toBeNull();
    const missing = await fetchBytes(stranger.client, url.replace('/media/0/', '/media/5/'));
    expect(JSON.parse(locked.body.toString())).toEqual(JSON.parse(missing.body.toString()));
    const blurred = await fetchBytes(stranger.client, `/api/posts/${post.id}/media/0/blur`);
    expect(blurred.status).toBe(200);
    expect(blurred.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(sha256(blurred.body)).toBe(sha256(clip.bytes.blur!));
  }, 120_000);

  it("serves a chat message's media exactly to the chat's two participants, and attaches only a creator's own uploads", async () => {
    const creator = await signUp(server, 'chatleakcreator', { creator: true });
    const plan = await createActivePlan(creator.client, 'Chat', 500, 'USD', { chat: true });
    const member = await signUp(server, 'chatleakmember');
    const otherMember = await signUp(server, 'chatleakother');
    const stranger = await signUp(server, 'chatleakstranger');
    const soon = new Date(server.context.now().getTime() + 5 * DAY_MS);
    await subscribe(server, member.id, plan, soon);
    await subscribe(server, otherMember.id, plan, soon);
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
    const otherChatId = (await otherMember.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
    const photo = await processed(creator.id, 'image');
    const clip = await processed(creator.id, 'video');
    const foreign = await processed(stranger.id, 'image');

    const sendWith = (client: ApiClient, mediaIds: string[]) =>
      client.post(`/api/chats/${chatId}/messages`, { id: generateId(), mediaIds });
    expect(await sendWith(member.client, [photo.id])).toMatchObject({ status: 403, body: { type: 'creator_required' } });
    expect(await sendWith(creator.client, [foreign.id])).toMatchObject({ status: 404 });
    const sent = await sendWith(creator.client, [photo.id, clip.id]);
    expect(sent.status).toBe(200);
    const history = await member.client.get(`/api/chats/${chatId}/messages`);
    expect(history.body.items[0]).toEqual(sent.body);
    expect((await member.client.get(`/api/chats/${chatId}/messages/${sent.body.id}`)).body).toEqual(sent.body);
    // The one message, read by anyone outside the chat or through a chat it is not in: no media named.
    for (const [client, path] of [
      [stranger.client, `/api/chats/${chatId}/messages/${sent.body.id}`],
      [otherMember.client, `/api/chats/${otherChatId}/messages/${sent.body.id}`],
      [new ApiClient(server), `/api/chats/${chatId}/messages/${sent.body.id}`],
    ] as const) {
      const read = await client.get(path);
      expect([401, 404], path).toContain(read.status);
      expect(JSON.stringify(read.body)).not.toContain('/media/');
    }
    expect((await member.client.get('/api/chats')).body.items[0].lastMessage).toMatchObject({
      id: sent.body.id,
      mediaCount: 2,
      price: null,
    });

    for (const [position, item] of [photo, clip].entries()) {
      const urls = sent.body.media[position].urls as Record<string, string | undefined>;
      for (const kind of DERIVATIVE_KINDS) {
        const url = urls[kind];
        const stored = item.bytes[kind];
        if (!stored) {
          expect(url, kind).toBeUndefined();
          continue;
        }
        expect(url, kind).toBeDefined();
        for (const participant of [creator.client, member.client]) {
          const fetched = await fetchBytes(participant, url as string);
          expect(fetched.status, `${kind} for a participant`).toBe(200);
          expect(sha256(fetched.body), kind).toBe(sha256(stored));
        }
        const tries = [
          { client: stranger.client, url: url as string },
          { client: otherMember.client, url: url as string },
          { client: null, url: url as string },
          // The message through a chat the viewer is in, and the media under a post's path.
          { client: otherMember.client, url: (url as string).replace(chatId, otherChatId) },
          { client: member.client, url: `/api/posts/${sent.body.id}/media/${position}/${kind}` },
        ];
        for (const attempt of tries) {
          const fetched = await fetchBytes(attempt.client, attempt.url);
          expect([401, 404], `${kind} through ${attempt.url}`).toContain(fetched.status);
          for (const bytes of Object.values(item.bytes)) expect(fetched.body.includes(bytes as Buffer)).toBe(false);
          expect(fetched.body.includes(item.upload)).toBe(false);
        }
      }
      // The upload itself is served to no one, participants included.
      for (const kind of ['original', 'upload']) {
        const fetched = await fetchBytes(member.client, `/api/chats/${chatId}/messages/${sent.body.id}/media/${position}/${kind}`);
        expect(fetched.status).not.toBe(200);
        expect(fetched.body.includes(item.upload)).toBe(false);
      }
    }
  }, 120_000);
  it("never serves a paid message's unblurred media before its recipient paid, serves it to them only after, and not after a refund", async () => {
    const creator = await signUp(server, 'ppvleakcreator', { creator: true });
    const plan = await createActivePlan(creator.client, 'Chat', 500, 'USD', { chat: true });
    const member = await signUp(server, 'ppvleakmember');
    const stranger = await signUp(server, 'ppvleakstranger');
    await subscribe(server, member.id, plan, new Date(server.context.now().getTime() + 5 * DAY_MS));
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
    const photo = await processed(creator.id, 'image');
    const clip = await processed(creator.id, 'video');
    const sent = await creator.client.post(`/api/chats/${chatId}/messages`, {
      id: generateId(),
      mediaIds: [photo.id, clip.id],
      price: { amountMinor: 900, currency: 'USD' },
    });
    expect(sent.status).toBe(200);
    const path = (position: number, kind: string) => `/api/chats/${chatId}/messages/${sent.body.id}/media/${position}/${kind}`;
    const unblurred = (item: StoredMedia) => PROTECTED_KINDS.flatMap((kind) => (item.bytes[kind] ? [item.bytes[kind] as Buffer] : []));

    // The member's view, in the history and as the one message a realtime event names.
    const lockedViews = [
      (await member.client.get(`/api/chats/${chatId}/messages`)).body.items[0],
      (await member.client.get(`/api/chats/${chatId}/messages/${sent.body.id}`)).body,
    ];
    for (const lockedView of lockedViews) expect(lockedView).toMatchObject({ unlocked: false, price: { amountMinor: 900 } });
    for (const [position, item] of [photo, clip].entries()) {
      for (const lockedView of lockedViews)
        for (const kind of PROTECTED_KINDS) expect(lockedView.media[position].urls[kind], kind).toBeUndefined();
      for (const kind of BLURRED_KINDS) {
        const fetched = await fetchBytes(member.client, path(position, kind));
        expect(fetched.status, kind).toBe(200);
        expect(sha256(fetched.body)).toBe(sha256(item.bytes[kind] as Buffer));
      }
      // The unblurred derivatives, asked for by the unpaid member (with and without a range), an outsider or nobody.
      for (const kind of [...PROTECTED_KINDS, 'original', 'upload']) {
        const attempts: { client: ApiClient | null; headers: Record<string, string> }[] = [
          { client: member.client, headers: {} },
          { client: member.client, headers: { range: 'bytes=0-' } },
          { client: stranger.client, headers: {} },
          { client: null, headers: {} },
        ];
        for (const attempt of attempts) {
          const fetched = await fetchBytes(attempt.client, path(position, kind), attempt.headers);
          expect([400, 401, 404], `${kind} before paying`).toContain(fetched.status);
          for (const bytes of unblurred(item)) expect(fetched.body.includes(bytes)).toBe(false);
          expect(fetched.body.includes(item.upload)).toBe(false);
        }
      }
      // The sender sees their own message in full.
      const own = await fetchBytes(creator.client, path(position, 'playable'));
      expect(sha256(own.body)).toBe(sha256(item.bytes.playable as Buffer));
    }

    const token = await member.client.post('/api/payments/dev/tokens', {
      type: 'card',
      number: DEV_TEST_CARDS.succeeds,
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    const method = await member.client.post('/api/payment-methods', { token: token.body.token });
    const unlocked = await member.client.post(`/api/chats/${chatId}/messages/${sent.body.id}/unlock`, {
      paymentMethodId: method.body.id,
      idempotencyKey: generateId().padEnd(24, '0'),
    });
    expect(unlocked.status).toBe(200);
    expect((await member.client.get(`/api/chats/${chatId}/messages/${sent.body.id}`)).body).toEqual(unlocked.body);
    for (const [position, item] of [photo, clip].entries()) {
      for (const kind of PROTECTED_KINDS) {
        const stored = item.bytes[kind];
        if (!stored) continue;
        expect(unlocked.body.media[position].urls[kind], kind).toBeDefined();
        const fetched = await fetchBytes(member.client, path(position, kind));
        expect(fetched.status, `${kind} after paying`).toBe(200);
        expect(sha256(fetched.body)).toBe(sha256(stored));
        // Paying unlocks it for the payer only.
        const outsider = await fetchBytes(stranger.client, path(position, kind));
        expect(outsider.status).toBe(404);
        expect(outsider.body.includes(stored)).toBe(false);
      }
    }

    // A refund takes the unlock back: the unblurred media are locked again for the member.
    const admin = new ApiClient(server);
    await admin.register(REFUND_ADMIN_EMAIL, uniqueHandle('refundleak'));
    await admin.addAuthenticatorApp();
    const chargeId = (await admin.get(`/api/admin/payments?memberId=${member.id}&kind=paid_message`)).body.items[0]?.id as string;
    const refunded = await admin.post(`/api/admin/payments/${chargeId}/refund`, {
      idempotencyKey: generateId().padEnd(24, '0'),
      reason: 'Sent by mistake',
      endsAccess: true,
    });
    expect(refunded.body.refund).toMatchObject({ status: 'succeeded' });
    const relockedViews = [
      (await member.client.get(`/api/chats/${chatId}/messages`)).body.items[0],
      (await member.client.get(`/api/chats/${chatId}/messages/${sent.body.id}`)).body,
    ];
    for (const relocked of relockedViews) expect(relocked).toMatchObject({ unlocked: false, paid: false });
    for (const [position, item] of [photo, clip].entries()) {
      for (const relocked of relockedViews)
        for (const kind of PROTECTED_KINDS) expect(relocked.media[position].urls[kind], kind).toBeUndefined();
      for (const kind of [...PROTECTED_KINDS, 'original', 'upload']) {
        for (const headers of [{}, { range: 'bytes=0-' }] as Record<string, string>[]) {
          const fetched = await fetchBytes(member.client, path(position, kind), headers);
          expect([400, 404], `${kind} after the refund`).toContain(fetched.status);
          for (const bytes of unblurred(item)) expect(fetched.body.includes(bytes)).toBe(false);
        }
      }
    }
  }, 120_000);

  it("never names nor serves a paid post's unblurred media before it is bought, serves them to the buyer only after, and not after a refund", async () => {
    const creator = await signUp(server, 'ppvpostcreator', { creator: true });
    const member = await signUp(server, 'ppvpostmember');
    const stranger = await signUp(server, 'ppvpoststranger');
    // The member follows the creator: the post comes to them in the feed and on the profile, locked.
    await follow(server, member.id, creator.id);
    const photo = await processed(creator.id, 'image');
    const clip = await processed(creator.id, 'video');
    const price = { amountMinor: 1200, currency: 'USD' };
    const post = (
      await creator.client.post('/api/posts', { text: 'The full set', mediaIds: [photo.id, clip.id], access: ['subscription'], price })
    ).body;
    const path = (position: number, kind: string) => `/api/posts/${post.id}/media/${position}/${kind}`;
    const unblurred = (item: StoredMedia) => PROTECTED_KINDS.flatMap((kind) => (item.bytes[kind] ? [item.bytes[kind] as Buffer] : []));
    /** Every answer the post shows in for the member: its page, the creator's posts, and the feed with seen posts. */
    const answers = async (client: ApiClient) => [
      (await client.get(`/api/posts/${post.id}`)).body,
      (await client.get(`/api/users/${creator.id}/posts`)).body.items.find((item: { id: string }) => item.id === post.id),
      (await client.get(`/api/feed?seen=include`)).body.items.find((item: { id: string }) => item.id === post.id) ?? null,
    ];
    /** The unblurred bytes never come to this client, whole or by range, nor does the upload. */
    const expectLocked = async (client: ApiClient | null, when: string) => {
      for (const [position, item] of [photo, clip].entries()) {
        for (const kind of [...PROTECTED_KINDS, 'original', 'upload']) {
          for (const headers of [{}, { range: 'bytes=0-' }, { range: 'bytes=-4096' }] as Record<string, string>[]) {
            const fetched = await fetchBytes(client, path(position, kind), headers);
            expect([400, 401, 404], `${kind} ${when}`).toContain(fetched.status);
            for (const bytes of unblurred(item)) expect(fetched.body.includes(bytes)).toBe(false);
            expect(fetched.body.includes(item.upload)).toBe(false);
          }
        }
      }
    };

    for (const answer of await answers(member.client)) {
      if (answer === null) continue;
      expect(answer).toMatchObject({ locked: true, text: null, unlock: { price } });
      for (const item of answer.media) for (const kind of PROTECTED_KINDS) expect(item.urls[kind], kind).toBeUndefined();
    }
    await expectLocked(member.client, 'before buying');

    const card = await savedCard(member.client);
    const bought = await member.client.post(`/api/posts/${post.id}/purchase`, {
      paymentMethodId: card,
      idempotencyKey: generateId().padEnd(24, '0'),
      price,
    });
    expect(bought.status).toBe(200);
    for (const [position, item] of [photo, clip].entries()) {
      for (const kind of PROTECTED_KINDS) {
        const stored = item.bytes[kind];
        if (!stored) continue;
        expect(bought.body.media[position].urls[kind], kind).toBeDefined();
        const fetched = await fetchBytes(member.client, path(position, kind));
        expect(fetched.status, `${kind} after buying`).toBe(200);
        expect(sha256(fetched.body)).toBe(sha256(stored));
      }
    }
    // The purchase is the buyer's alone.
    await expectLocked(stranger.client, 'by someone who did not buy it');
    await expectLocked(null, 'without a session');

    // A refund takes the purchase back: locked again, in every answer and for every byte.
    const admin = new ApiClient(server);
    await admin.register(POST_REFUND_ADMIN_EMAIL, uniqueHandle('postrefundleak'));
    await admin.addAuthenticatorApp();
    const chargeId = (await admin.get(`/api/admin/payments?memberId=${member.id}&kind=paid_post`)).body.items[0]?.id as string;
    const refunded = await admin.post(`/api/admin/payments/${chargeId}/refund`, {
      idempotencyKey: generateId().padEnd(24, '0'),
      reason: 'Bought by mistake',
      endsAccess: true,
    });
    expect(refunded.body.refund).toMatchObject({ status: 'succeeded' });
    for (const answer of await answers(member.client)) {
      if (answer === null) continue;
      expect(answer).toMatchObject({ locked: true, text: null });
      for (const item of answer.media) for (const kind of PROTECTED_KINDS) expect(item.urls[kind], kind).toBeUndefined();
    }
    await expectLocked(member.client, 'after the refund');
  }, 120_000);

  it("never serves a mass message's unblurred media to a recipient before they buy their copy, nor to anyone else; the vault to its owner alone", async () => {
    // A new window for sign-in codes: this file signs up more people than one address may in fifteen minutes.
    server.advanceClock(16 * 60_000);
    const creator = await signUp(server, 'massleakcreator', { creator: true });
    const plan = await createActivePlan(creator.client, 'Gold', 500, 'USD');
    const buyer = await signUp(server, 'massleakbuyer');
    const other = await signUp(server, 'massleakother');
    const stranger = await signUp(server, 'massleakstranger', { creator: true });
    for (const fan of [buyer, other]) await subscribe(server, fan.id, plan, new Date(server.context.now().getTime() + 5 * DAY_MS));
    const photo = await processed(creator.id, 'image');
    const id = generateId();
    const sent = await creator.client.post('/api/me/mass-messages', {
      id,
      text: 'New set',
      mediaIds: [photo.id],
      price: { amountMinor: 700, currency: 'USD' },
      include: ['subscribers'],
    });
    expect(sent.status).toBe(201);
    await expect.poll(async () => (await creator.client.get(`/api/me/mass-messages/${id}`)).body.status, { timeout: 15_000 }).toBe('sent');
    const copyOf = async (fan: { id: string; client: ApiClient }) => {
      const chat = ((await fan.client.get('/api/chats')).body.items as { id: string; partner: { userId: string } }[]).find(
        (item) => item.partner.userId === creator.id,
      );
      const messageId = massMessageCopyId(id, fan.id);
      return {
        chatId: chat?.id as string,
        messageId,
        path: (kind: string) => `/api/chats/${chat?.id}/messages/${messageId}/media/0/${kind}`,
      };
    };
    const bought = await copyOf(buyer);
    const notBought = await copyOf(other);
    const unblurred = PROTECTED_KINDS.flatMap((kind) => (photo.bytes[kind] ? [photo.bytes[kind] as Buffer] : []));
    const refused = async (client: ApiClient | null, url: string, statuses: number[]) => {
      for (const headers of [{}, { range: 'bytes=0-' }] as Record<string, string>[]) {
        const fetched = await fetchBytes(client, url, headers);
        expect(statuses, url).toContain(fetched.status);
        for (const bytes of unblurred) expect(fetched.body.includes(bytes)).toBe(false);
        expect(fetched.body.includes(photo.upload)).toBe(false);
      }
    };

    // Before buying: each recipient's copy names and serves only its blurred derivatives.
    for (const [fan, copy] of [
      [buyer, bought],
      [other, notBought],
    ] as const) {
      const view = (await fan.client.get(`/api/chats/${copy.chatId}/messages/${copy.messageId}`)).body;
      expect(view).toMatchObject({ unlocked: false, price: { amountMinor: 700 } });
      for (const kind of PROTECTED_KINDS) expect(view.media[0].urls[kind], kind).toBeUndefined();
      for (const kind of BLURRED_KINDS) expect((await fetchBytes(fan.client, copy.path(kind))).status, kind).toBe(200);
      for (const kind of [...PROTECTED_KINDS, 'original', 'upload']) await refused(fan.client, copy.path(kind), [400, 404]);
    }

    // The buyer pays for their copy: theirs opens, the other recipient's and everyone else's stay shut.
    const unlocked = await buyer.client.post(`/api/chats/${bought.chatId}/messages/${bought.messageId}/unlock`, {
      paymentMethodId: await savedCard(buyer.client),
      idempotencyKey: generateId().padEnd(24, '0'),
    });
    expect(unlocked.status).toBe(200);
    const opened = await fetchBytes(buyer.client, bought.path('playable'));
    expect(sha256(opened.body)).toBe(sha256(photo.bytes.playable as Buffer));
    for (const kind of PROTECTED_KINDS) {
      await refused(other.client, notBought.path(kind), [404]);
      await refused(other.client, bought.path(kind), [404]);
      await refused(stranger.client, bought.path(kind), [404]);
      await refused(null, bought.path(kind), [401]);
    }

    // The vault serves the item to its owner, and to nobody else by its address.
    const item = ((await creator.client.get('/api/me/vault')).body.items as { id: string; urls: Record<string, string> }[]).find(
      (entry) => entry.id === photo.id,
    );
    const own = await fetchBytes(creator.client, item?.urls.playable as string);
    expect(sha256(own.body)).toBe(sha256(photo.bytes.playable as Buffer));
    for (const kind of [...PROTECTED_KINDS, ...BLURRED_KINDS]) {
      await refused(buyer.client, `/api/me/vault/${photo.id}/${kind}`, [403]);
      await refused(other.client, `/api/me/vault/${photo.id}/${kind}`, [403]);
      await refused(stranger.client, `/api/me/vault/${photo.id}/${kind}`, [404]);
      await refused(null, `/api/me/vault/${photo.id}/${kind}`, [401]);
    }
  }, 120_000);

  it('serves reported media in full to admins only, through the moderation path, and nothing unreported', async () => {
    const admin = new ApiClient(server);
    await admin.register(LEAK_ADMIN_EMAIL, uniqueHandle('leakadmin'));
    await admin.addAuthenticatorApp();
    const creator = await signUp(server, 'reportedleak', { creator: true });
    const plan = await createActivePlan(creator.client, 'Paid', 500);
    const reporter = await signUp(server, 'leakreporter');
    const stranger = await signUp(server, 'leakbystander');
    const photo = await processed(creator.id, 'image');
    const unreportedPhoto = await processed(creator.id, 'image');
    const locked = await creator.client.post('/api/posts', { text: 'Paid only', access: [plan], mediaIds: [photo.id] });
    const unreported = await creator.client.post('/api/posts', { text: 'Paid too', access: [plan], mediaIds: [unreportedPhoto.id] });
    expect((await reporter.client.post('/api/reports', { targetKind: 'post', targetId: locked.body.id, reason: 'illegal' })).status).toBe(
      201,
    );

    const detail = await admin.get(`/api/admin/reported-content/${locked.body.id}`);
    const urls = detail.body.media[0].urls as Record<string, string | undefined>;
    for (const kind of DERIVATIVE_KINDS) {
      const stored = photo.bytes[kind];
      if (!stored) continue;
      const url = urls[kind] as string;
      expect(url, kind).toMatch(/^\/api\/admin\/reported-content\//);
      const fetched = await fetchBytes(admin, url);
      expect(fetched.status, kind).toBe(200);
      expect(sha256(fetched.body), kind).toBe(sha256(stored));
      // The reporter (locked out of the post), the creator, anyone else and nobody get no bytes through it.
      for (const client of [reporter.client, creator.client, stranger.client, null]) {
        const refused = await fetchBytes(client, url);
        expect([401, 403], `${kind} through the admin path`).toContain(refused.status);
        for (const bytes of Object.values(photo.bytes)) expect(refused.body.includes(bytes as Buffer)).toBe(false);
      }
      // Only reported content is served there, to admins too.
      const elsewhere = await fetchBytes(admin, url.replace(locked.body.id, unreported.body.id));
      expect(elsewhere.status, kind).toBe(404);
      for (const bytes of Object.values(unreportedPhoto.bytes)) expect(elsewhere.body.includes(bytes as Buffer)).toBe(false);
    }
    for (const kind of ['original', 'upload']) {
      const fetched = await fetchBytes(admin, `/api/admin/reported-content/${locked.body.id}/media/0/${kind}`);
      expect(fetched.status).not.toBe(200);
      expect(fetched.body.includes(photo.upload)).toBe(false);
    }
  }, 120_000);
});
