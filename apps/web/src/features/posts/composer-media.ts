import { type MediaKind, mediaKindOfMime, POST_MEDIA_MAX, type PostMedia } from '@aurum/core';
import type { MediaPhase } from '../../lib/upload';

/**
 * The composer's media list: files being uploaded in this visit and, when editing, the items
 * already on the post. Order is the order the post shows them in.
 */
export interface ComposerItem {
  key: string;
  /** Known from the file's type, else from the server once uploaded. */
  kind: MediaKind | null;
  /** The file's name, or "Photo 1" for an item already on the post. */
  name: string;
  /** A file picked in this visit; null for items already on the post. */
  file: File | null;
  /** An item already on the post, as the API showed it to its owner. */
  existing: PostMedia | null;
  mediaId: string | null;
  phase: MediaPhase;
  error: string | null;
}

const KIND_NAMES: Record<MediaKind, string> = { image: 'Photo', video: 'Video', audio: 'Audio' };

let nextKey = 1;
const newKey = () => `item-${nextKey++}`;

export function itemFromFile(file: File): ComposerItem {
  return {
    key: newKey(),
    kind: mediaKindOfMime(file.type),
    name: file.name || 'Untitled file',
    file,
    existing: null,
    mediaId: null,
    phase: 'uploading',
    error: null,
  };
}

/** The media of a post being edited. The API may name their ids (then the list can be changed freely) or not. */
export function itemsFromPost(media: readonly PostMedia[]): ComposerItem[] {
  return media.map((item, index) => ({
    key: newKey(),
    kind: item.kind,
    name: `${KIND_NAMES[item.kind]} ${index + 1}`,
    file: null,
    existing: item,
    mediaId: item.mediaId ?? null,
    phase: item.status === 'ready' ? 'ready' : item.status === 'failed' ? 'failed' : 'processing',
    error: item.status === 'failed' ? 'This item could not be processed.' : null,
  }));
}

/** Room left for more files. */
export function roomLeft(items: readonly ComposerItem[]): number {
  return Math.max(0, POST_MEDIA_MAX - items.length);
}

export function moveItem(items: readonly ComposerItem[], key: string, delta: -1 | 1): ComposerItem[] {
  const from = items.findIndex((item) => item.key === key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/**
 * Whether the list can be changed. Items already on the post can be reordered or dropped one
 * by one only if the API told us their ids; otherwise they can only be replaced all at once.
 */
export function listEditable(items: readonly ComposerItem[]): boolean {
  return items.every((item) => !item.existing || item.mediaId !== null);
}

/** What stops the post from being sent while its media are as they are, or null. */
export function mediaBlocker(items: readonly ComposerItem[]): string | null {
  if (items.some((item) => item.phase === 'uploading')) return 'Wait for the uploads to finish.';
  if (items.some((item) => item.phase === 'error')) return 'Remove the files that did not upload, or try them again.';
  if (items.some((item) => item.phase === 'failed' && item.file)) return 'Remove the media that could not be processed.';
  return null;
}

/**
 * The mediaIds to send: undefined when the list is as it was (an edit leaves the media alone),
 * else every id in order.
 */
export function mediaIdsToSend(initialKeys: readonly string[], items: readonly ComposerItem[]): string[] | undefined {
  const unchanged = initialKeys.length === items.length && items.every((item, index) => item.key === initialKeys[index]);
  if (unchanged) return undefined;
  return items.map((item) => item.mediaId).filter((id): id is string => id !== null);
}
