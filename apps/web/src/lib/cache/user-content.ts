import type { PostMedia } from '@aurum/core';
import { USER_IMAGES_CACHE } from '../pwa/user-images';
import type { CachedUserContent, ClientCache } from './cache';

/*
 * The `userContent` table: the media items this device has seen in the posts and chat messages
 * it keeps, and the URLs of the derived pictures the viewer was given for each. It holds no
 * bytes: the service worker's picture cache keeps the pictures that may be kept (blurred ones,
 * avatars, covers), and these records say which blurred picture stands in for a picture that
 * cannot be loaded offline.
 *
 * A record's fileId is the item's versioned URL path without the derivative, e.g.
 * `/api/posts/p1/media/0?v=Ab3x`: the post or message and the position, and the version the
 * server gives every URL of the item. The server never sends media ids to viewers, and the key
 * names none.
 */

/** A document with media as it is kept: a post (its creator owns the media) or a chat message (its sender). */
interface WithMedia {
  media?: readonly PostMedia[];
  creator?: { userId: string };
  senderId?: string;
}

/** `<item path>/media/<position>/<derivative>?v=<version>`: what every media URL the server builds looks like. */
const MEDIA_URL = /^(.*\/media\/)(\d+)\/[A-Za-z]+\?v=([^&#]+)$/;

/** The fileId of the media item a URL serves a derivative of; undefined for any other URL. */
export function mediaFileId(url: string): string | undefined {
  const match = MEDIA_URL.exec(url);
  return match ? `${match[1]}${match[2]}?v=${match[3]}` : undefined;
}

/** What every fileId of a document's items starts with (`/api/posts/p1/media/`), whatever their position or version. */
function mediaPrefix(url: string): string | undefined {
  return MEDIA_URL.exec(url)?.[1];
}

const itemUrls = (item: PostMedia) => Object.values(item.urls).filter((url): url is string => typeof url === 'string');

/**
 * The records of a kept document's media items: one per item the viewer was given a URL for
 * (an item still processing has none yet), with the derivative URLs it was given. Documents
 * without media (profiles, chats, lists) have none.
 */
export function userContentOf(document: unknown): CachedUserContent[] {
  const doc = document as WithMedia | null;
  const ownerId = doc?.creator?.userId ?? doc?.senderId;
  if (!doc || !Array.isArray(doc.media) || !ownerId) return [];
  return doc.media.flatMap((item): CachedUserContent[] => {
    const fileId = itemUrls(item).map(mediaFileId).find(Boolean);
    if (!fileId) return [];
    const { thumb, blur, blurThumb } = item.urls;
    return [
      {
        fileId,
        ownerId,
        type: item.kind,
        ...(thumb && { thumbId: thumb }),
        ...(blur && { blurId: blur }),
        ...(blurThumb && { blurThumbId: blurThumb }),
      },
    ];
  });
}

/** The fileId prefixes of a document's items, as far as its URLs tell. */
function prefixesOf(document: unknown): string[] {
  const media = (document as WithMedia | null)?.media;
  if (!Array.isArray(media)) return [];
  return [...new Set(media.flatMap((item) => itemUrls(item).map(mediaPrefix)).filter((prefix): prefix is string => Boolean(prefix)))];
}

/** Removes the records of these documents' items, every position and version. Run inside a transaction over `userContent`. */
export async function forgetUserContentOf(cache: ClientCache, documents: readonly unknown[]): Promise<void> {
  for (const prefix of new Set(documents.flatMap(prefixesOf))) {
    await cache.userContent.where('fileId').startsWith(prefix).delete();
  }
}

/**
 * Replaces the records of these documents' items with what they hold now (an item removed or
 * replaced drops out; a post now locked keeps only its blurred URLs). Run inside a transaction
 * over `userContent`. Returns the records written.
 */
export async function keepUserContentOf(cache: ClientCache, documents: readonly unknown[]): Promise<CachedUserContent[]> {
  await forgetUserContentOf(cache, documents);
  const records = documents.flatMap(userContentOf);
  if (records.length > 0) await cache.userContent.bulkPut(records);
  return records;
}

/**
 * Has the service worker keep each item's small blurred picture (the blurred preview, else the
 * blurred picture), so the page has something to show for it offline; it asks for nothing
 * else. One at a time, and only when a worker controls the page (without one nothing is kept).
 */
export async function keepBlurredPictures(records: readonly CachedUserContent[]): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  for (const record of records) {
    const url = record.blurThumbId ?? record.blurId;
    if (!url) continue;
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      await response.blob();
    } catch {
      // Offline or refused: nothing kept for this item, the placeholder stands in.
    }
  }
}

/**
 * The blurred picture this device kept for a picture that could not be loaded (offline: its
 * full picture or preview is never kept), found through the item's record: the blurred preview
 * for a preview, the blurred picture for anything else, else the other one. Undefined when the
 * URL is not a media item's, is blurred already, or nothing blurred of it is in the picture cache.
 */
export async function blurredFallback(cache: ClientCache, src: string): Promise<string | undefined> {
  const fileId = mediaFileId(src);
  if (!fileId) return undefined;
  const record = await cache.userContent.get(fileId);
  if (!record || src === record.blurId || src === record.blurThumbId) return undefined;
  const order = src === record.thumbId ? [record.blurThumbId, record.blurId] : [record.blurId, record.blurThumbId];
  if (typeof caches === 'undefined') return undefined;
  for (const url of order) {
    if (url && (await caches.match(url, { cacheName: USER_IMAGES_CACHE, ignoreVary: true }))) return url;
  }
  return undefined;
}
