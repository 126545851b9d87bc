import type { Post, PostMedia } from '@aurum/core';
import { formatMoney } from '@aurum/core';

/**
 * Which of the URLs the API sent a screen uses. The browser never asks for more than it was
 * given: a locked post's media carry only blurred URLs, and even if a locked post ever came
 * with others, locked screens would still pick the blurred ones.
 */

/** The picture for a square grid tile, or null for audio and text-only posts. */
export function tileImageUrl(post: Pick<Post, 'locked' | 'media'>): string | null {
  for (const item of post.media) {
    const url = post.locked ? (item.urls.blurThumb ?? item.urls.blur) : (item.urls.thumb ?? item.urls.poster ?? item.urls.playable);
    if (item.kind !== 'audio' && url) return url;
  }
  return null;
}

/** The placeholder hash of the media item a tile shows. */
export function tilePlaceholder(post: Pick<Post, 'media'>): string | null {
  return post.media.find((item) => item.kind !== 'audio')?.placeholder ?? null;
}

const KIND_WORDS: Record<PostMedia['kind'], [string, string]> = {
  image: ['photo', 'photos'],
  video: ['video', 'videos'],
  audio: ['audio clip', 'audio clips'],
};

/** "2 photos and 1 video", for labels. */
export function mediaSummary(media: readonly Pick<PostMedia, 'kind'>[]): string {
  const parts: string[] = [];
  for (const kind of ['image', 'video', 'audio'] as const) {
    const count = media.filter((item) => item.kind === kind).length;
    if (count > 0) parts.push(`${count} ${KIND_WORDS[kind][count === 1 ? 0 : 1]}`);
  }
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** "$4.99", the cheapest plan that unlocks a post. */
export function unlockPrice(post: Pick<Post, 'unlock'>): string | null {
  const plan = post.unlock?.plan;
  return plan ? formatMoney({ amountMinor: plan.priceMinor, currency: plan.currency }) : null;
}

/** "$7.00", what a locked post sells for on its own; null when it is not sold. */
export function salePrice(post: Pick<Post, 'unlock'>): string | null {
  return post.unlock?.price ? formatMoney(post.unlock.price) : null;
}

/** About what the five lines of a tile hold: a tile shows this much of a post without media. */
const TILE_TEXT_MAX = 240;

function excerpt(text: string, max = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** The start of a post without pictures, as its tile shows it (the teaser, blurred, when locked). */
export function tileText(post: Pick<Post, 'locked' | 'text' | 'teaser'>): string | null {
  const text = post.locked ? post.teaser : post.text;
  return text?.trim() ? excerpt(text, TILE_TEXT_MAX) : null;
}

/**
 * The accessible name of a grid tile: what it is and, for locked ones, what unlocks it.
 * "Locked post: subscribe from $4.99 to unlock", "Sneak peek: follow to unlock",
 * "Locked post: buy for $7.00 or subscribe from $4.99 to unlock",
 * "Post: Morning light in the studio", "Post: 2 photos".
 */
export function tileLabel(
  post: Pick<Post, 'locked' | 'accessLevel' | 'text' | 'teaser' | 'media' | 'unlock' | 'status' | 'access'>,
): string {
  if (post.locked) {
    const kind = post.accessLevel === 'sneakpeek' ? 'Sneak peek' : 'Locked post';
    const price = unlockPrice(post);
    const sale = salePrice(post);
    const ways = [sale && `buy for ${sale}`, price ? `subscribe from ${price}` : post.unlock?.follow ? 'follow' : null].filter(Boolean);
    return ways.length > 0 ? `${kind}: ${ways.join(' or ')} to unlock` : kind;
  }
  // A text post's name holds the text its tile shows, so what is read out matches what is seen.
  const what = post.text?.trim()
    ? excerpt(post.text, post.media.length === 0 ? TILE_TEXT_MAX : undefined)
    : mediaSummary(post.media) || 'Text post';
  const notes = [post.status === 'scheduled' ? 'scheduled' : null, post.access.includes('private') ? 'private' : null].filter(Boolean);
  return `Post: ${what}${notes.length ? ` (${notes.join(', ')})` : ''}`;
}
