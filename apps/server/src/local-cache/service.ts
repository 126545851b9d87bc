import { type AccessLevel, type CachedDocumentsCheck, type CheckedCollection, revealsContent } from '@aurum/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { chatParticipants, messages, posts, profiles, users } from '../db/schema.js';
import { postAccessLevelSql, visiblePostSql } from '../posts/access-sql.js';

export interface LocalCacheServiceDeps {
  db: Database;
  now: () => Date;
}

/**
 * Answers the browser's cache maintenance: which of a batch of cached documents the viewer can
 * still open. Each answer is what opening the documents one by one would tell the viewer (a
 * hidden post, someone else's chat or a disabled account reads as gone), in one statement per
 * batch.
 */
export class LocalCacheService {
  constructor(private readonly deps: LocalCacheServiceDeps) {}

  async check(viewerId: string, collection: CheckedCollection, ids: readonly string[]): Promise<CachedDocumentsCheck> {
    if (collection === 'posts') return this.posts(viewerId, ids);
    const present = await this.presentIds(viewerId, collection, ids);
    return { present, locked: [] };
  }

  private async posts(viewerId: string, ids: readonly string[]): Promise<CachedDocumentsCheck> {
    const rows = await this.deps.db
      .select({ id: posts.id, level: postAccessLevelSql(viewerId, this.deps.now()) })
      .from(posts)
      .where(and(inArray(posts.id, [...ids]), visiblePostSql));
    const seen = rows.filter((row) => row.level !== 'hidden');
    return {
      present: seen.map((row) => row.id),
      locked: seen.filter((row) => !revealsContent(row.level as AccessLevel)).map((row) => row.id),
    };
  }

  private async presentIds(viewerId: string, collection: Exclude<CheckedCollection, 'posts'>, ids: readonly string[]): Promise<string[]> {
    const { db } = this.deps;
    const wanted = [...ids];
    switch (collection) {
      case 'profiles': {
        const rows = await db
          .select({ id: profiles.userId })
          .from(profiles)
          .innerJoin(users, and(eq(users.id, profiles.userId), isNull(users.disabledAt)))
          .where(inArray(profiles.userId, wanted));
        return rows.map((row) => row.id);
      }
      case 'chats': {
        const rows = await db
          .select({ id: chatParticipants.chatId })
          .from(chatParticipants)
          .where(and(eq(chatParticipants.userId, viewerId), inArray(chatParticipants.chatId, wanted)));
        return rows.map((row) => row.id);
      }
      case 'messages': {
        const rows = await db
          .select({ id: messages.id })
          .from(messages)
          .innerJoin(chatParticipants, and(eq(chatParticipants.chatId, messages.chatId), eq(chatParticipants.userId, viewerId)))
          .where(and(inArray(messages.id, wanted), isNull(messages.removedAt)));
        return rows.map((row) => row.id);
      }
    }
  }
}
