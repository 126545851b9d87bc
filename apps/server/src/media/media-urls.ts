import { createHash } from 'node:crypto';
import type { DerivativeKind } from '@aurum/core';

/**
 * Every URL that serves media bytes is built here. They name a post and a position, a chat
 * message and a position, or a user's avatar or cover, never a media id: the routes behind them
 * decide access from the post, chat or profile, so an id on its own opens nothing. The one
 * exception is the vault's, which serves an item to its owner alone.
 */

// The version changes when another item takes the place, so privately cached images never go stale.
// Remembered per media id: a feed page names dozens, and hashing them was a visible share of its CPU.
const versions = new Map<string, string>();
const VERSIONS_REMEMBERED = 50_000;
function version(mediaId: string): string {
  let known = versions.get(mediaId);
  if (known === undefined) {
    if (versions.size >= VERSIONS_REMEMBERED) versions.clear();
    known = createHash('sha256').update(mediaId).digest('base64url').slice(0, 12);
    versions.set(mediaId, known);
  }
  return known;
}

export function postMediaUrl(postId: string, position: number, kind: DerivativeKind, mediaId: string): string {
  return `/api/posts/${encodeURIComponent(postId)}/media/${position}/${kind}?v=${version(mediaId)}`;
}

/** A chat message's media item: the route serves it to the chat's two participants only. */
export function messageMediaUrl(chatId: string, messageId: string, position: number, kind: DerivativeKind, mediaId: string): string {
  return `/api/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}/media/${position}/${kind}?v=${version(mediaId)}`;
}

/** An item of the owner's vault: the route serves it to its owner only. */
export function vaultMediaUrl(mediaId: string, kind: DerivativeKind): string {
  return `/api/me/vault/${encodeURIComponent(mediaId)}/${kind}`;
}

export type ProfileImage = 'avatar' | 'cover';

export function profileImageUrl(userId: string, image: ProfileImage, mediaId: string | null): string | null {
  return mediaId ? `/api/users/${encodeURIComponent(userId)}/${image}?v=${version(mediaId)}` : null;
}

/** A reported post's or message's media item as admins get it: every derivative, whatever the access (admin routes only). */
export function moderationMediaUrl(contentId: string, position: number, kind: DerivativeKind, mediaId: string): string {
  return `/api/admin/reported-content/${encodeURIComponent(contentId)}/media/${position}/${kind}?v=${version(mediaId)}`;
}

/**
 * A support ticket's screenshot: the author's route serves it to the ticket's author only, the
 * admin route to admins only.
 */
export function supportScreenshotUrl(
  side: 'author' | 'admin',
  ticketId: string,
  messageId: string,
  kind: DerivativeKind,
  mediaId: string,
): string {
  const base = side === 'admin' ? '/api/admin/support/tickets' : '/api/support/tickets';
  return `${base}/${encodeURIComponent(ticketId)}/messages/${encodeURIComponent(messageId)}/screenshot/${kind}?v=${version(mediaId)}`;
}
