import { type Post, SEEN_DEFAULT_DURATION_MS } from '@aurum/core';
import { useEffect, useState } from 'react';
import { isApiError } from '../api/client';
import { recordSeen } from './api';

/** Posts already marked seen (or being marked) in this session, so each is sent once. */
const seenThisSession = new Set<string>();

/** Forgets what this session marked seen (for tests, and after signing out). */
export function resetSeenSession(): void {
  seenThisSession.clear();
}

/** How much of an element must be on screen: half of it, or half the screen for elements taller than that. */
export function isHalfOnScreen(entry: IntersectionObserverEntry): boolean {
  if (!entry.isIntersecting) return false;
  if (entry.intersectionRatio >= 0.5) return true;
  const screenHeight = entry.rootBounds?.height ?? window.innerHeight;
  return screenHeight > 0 && entry.intersectionRect.height >= screenHeight / 2;
}

const THRESHOLDS = [0, 0.25, 0.5, 0.75, 1];

/** The post to mark seen when shown, or null for a creator's own post: no view, it stays in their feed after publishing. */
export function seenPostId(post: Pick<Post, 'id' | 'accessLevel'>): string | null {
  return post.accessLevel === 'owner' ? null : post.id;
}

/**
 * Marks a post seen once it has been at least half on screen for SEEN_DEFAULT_DURATION_MS
 * without leaving (leaving cancels the wait), once per session. A 409 (already seen, from
 * another device or an earlier session) is ignored; any other failure lets a later view try
 * again. Returns a ref callback for the element that shows the post. Does nothing in browsers
 * without IntersectionObserver.
 */
export function useSeen(postId: string | null | undefined, durationMs = SEEN_DEFAULT_DURATION_MS): (element: Element | null) => void {
  const [element, setElement] = useState<Element | null>(null);

  useEffect(() => {
    if (!element || !postId || seenThisSession.has(postId) || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (!entry) return;
        if (!isHalfOnScreen(entry)) return cancel();
        if (timer !== undefined) return;
        timer = setTimeout(() => {
          timer = undefined;
          observer.disconnect();
          if (seenThisSession.has(postId)) return;
          seenThisSession.add(postId);
          recordSeen(postId, durationMs).catch((error: unknown) => {
            if (!isApiError(error, 'already_seen')) seenThisSession.delete(postId);
          });
        }, durationMs);
      },
      { threshold: THRESHOLDS },
    );
    observer.observe(element);
    return () => {
      cancel();
      observer.disconnect();
    };
  }, [element, postId, durationMs]);

  return setElement;
}
