import { type MediaKind, mediaKindOfMime, POST_MEDIA_MAX, type PostMedia, type VaultItem } from '@aurum/core';
import type { MediaPhase } from '../../lib/upload';
import { vaultItemName } from '../../lib/vault';

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
  /** Chosen from the vault in this visit (uploaded before: removing it here leaves it in the vault). */
  fromVault?: true;
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

/** An item chosen from the vault: already uploaded and processed, shown by its thumbnail. */
export function itemFromVault(item: VaultItem): ComposerItem {
  return {
    key: newKey(),
    kind: item.kind,
    name: vaultItemName(item),
    file: null,
    existing: { ...item, position: 0, mediaId: item.id },
    mediaId: item.id,
    phase: 'ready',
    error: null,
    fromVault: true,
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

/** One change to a saved post's media list, as the per-item endpoints take it. */
export type MediaStep =
  | { op: 'remove'; mediaId: string }
  | { op: 'add'; mediaId: string; position: number }
  | { op: 'move'; mediaId: string; position: number };

/**
 * The per-item changes that turn a post's media list `from` into `to`, fewest first:
 * removals, then each position filled in order by adding or moving the item that belongs
 * there. When the post would briefly hold nothing (no text, every item replaced), the last
 * removal waits until an item was added, since a post may never be empty.
 */
export function mediaSteps(from: readonly string[], to: readonly string[], hasText: boolean): MediaStep[] {
  const removals = from.filter((id) => !to.includes(id));
  const current = from.filter((id) => to.includes(id));
  const deferred = !hasText && current.length === 0 && to.length > 0 ? removals.pop() : undefined;
  const steps: MediaStep[] = removals.map((mediaId) => ({ op: 'remove', mediaId }));
  if (deferred) current.push(deferred);
  to.forEach((mediaId, position) => {
    if (current[position] === mediaId) return;
    const at = current.indexOf(mediaId);
    if (at >= 0) current.splice(at, 1);
    current.splice(position, 0, mediaId);
    steps.push({ op: at >= 0 ? 'move' : 'add', mediaId, position });
  });
  if (deferred) steps.push({ op: 'remove', mediaId: deferred });
  return steps;
}

/**
 * The ids of the media list as it was and as it is now, or null when it is unchanged. `from`
 * is null when the saved items' ids are unknown (then only the whole list can be sent).
 */
export function mediaChange(
  initialKeys: readonly string[],
  initialIds: readonly (string | null)[],
  items: readonly ComposerItem[],
): { from: string[] | null; to: string[] } | null {
  const unchanged = initialKeys.length === items.length && items.every((item, index) => item.key === initialKeys[index]);
  if (unchanged) return null;
  const to = items.map((item) => item.mediaId).filter((id): id is string => id !== null);
  const from = initialIds.every((id): id is string => id !== null) ? [...initialIds] : null;
  return { from, to };
}
