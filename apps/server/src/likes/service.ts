import { type LikeState, revealsContent } from '@aurum/core';
import { errors } from '../http/errors.js';
import type { LikesStatements } from './statements.js';

export interface LikesServiceDeps {
  now: () => Date;
  statements: LikesStatements;
}

/**
 * Likes. A viewer reaches a post's like only where the access rule (access-sql.ts) lets them
 * see the post: hidden posts (private, scheduled, deleted, a disabled creator's) answer 404
 * like posts that do not exist.
 *
 * Liking a locked or sneak-peek post is refused with 403 `post_locked`: a like says "I liked
 * this", which only makes sense once the content is revealed. Those posts are already listed
 * to the viewer (with a teaser and an unlock offer), so answering differently from 404 tells
 * nothing new. Unliking works on every post the viewer can see, so a member whose
 * subscription lapsed can still take a like back.
 *
 * Both directions are idempotent: liking twice keeps one like, unliking with no like is a no-op.
 */
export class LikesService {
  constructor(private readonly deps: LikesServiceDeps) {}

  async like(viewerId: string, postId: string): Promise<LikeState> {
    const { level, likes } = await this.change('like', viewerId, postId);
    if (!revealsContent(level)) throw errors.postLocked();
    return { likes, liked: true };
  }

  async unlike(viewerId: string, postId: string): Promise<LikeState> {
    const { likes } = await this.change('unlike', viewerId, postId);
    return { likes, liked: false };
  }

  /** Runs the change; 404 when the viewer may not see the post (nothing was changed then). */
  private async change(kind: 'like' | 'unlike', viewerId: string, postId: string) {
    const [row] = await this.deps.statements[kind].run({ viewer: viewerId, post: postId, now: this.deps.now() });
    if (!row || row.level === 'hidden') throw errors.notFound('Post');
    return row;
  }
}
