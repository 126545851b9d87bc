import {
  type DerivativeKind,
  generateId,
  type MediaKind,
  VAULT_FOLDERS_MAX,
  type VaultFolder,
  type VaultFolders,
  type VaultItem,
  type VaultPage,
  type vaultQuerySchema,
} from '@aurum/core';
import { and, count, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../db/database.js';
import {
  auditLog,
  massMessageMedia,
  media,
  messageMedia,
  messages,
  postMedia,
  posts,
  profiles,
  reports,
  vaultFolderItems,
  vaultFolders,
} from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { lockUser } from '../db/user-lock.js';
import { errors } from '../http/errors.js';
import { keysetPage, keysetStart, timeKey } from '../http/page-cursor.js';
import { mediaItemForViewer } from '../media/media-items.js';
import { vaultMediaUrl } from '../media/media-urls.js';
import type { MediaService } from '../media/service.js';
import type { ByteRange, StoredObject } from '../storage/index.js';
import { notSupportScreenshotSql, type VaultItemRow, type VaultStatements, vaultItemSql } from './statements.js';

export interface VaultServiceDeps {
  db: Database;
  now: () => Date;
  statements: VaultStatements;
  media: Pick<MediaService, 'openDerivative' | 'deleteMedia'>;
}

/**
 * A creator's vault: their uploads with where each is used, folders of them, the owner's own view
 * of each item's bytes, and deleting an item wherever it shows. Routes let only creators in, about
 * their own items; anyone else's item is not found.
 */
export class VaultService {
  constructor(private readonly deps: VaultServiceDeps) {}

  async list(ownerId: string, query: z.output<typeof vaultQuerySchema>): Promise<VaultPage> {
    const rows = await this.deps.statements.page.run({
      owner: ownerId,
      kind: query.kind ?? null,
      use: query.use ?? null,
      folder: query.folderId ?? null,
      ...keysetStart(query, timeKey),
    });
    const { items, nextCursor } = keysetPage(rows, query.limit, (row) => [row.created_at, row.id]);
    return { items: items.map(toItem), nextCursor };
  }

  /** An item's bytes, for its owner. */
  async open(ownerId: string, mediaId: string, kind: DerivativeKind, range?: ByteRange): Promise<StoredObject> {
    await this.ownItem(this.deps.db, ownerId, mediaId);
    return this.deps.media.openDerivative(mediaId, kind, range);
  }

  /**
   * Deletes an item. One that is used is refused unless `everywhere`: then it leaves every post,
   * message, mass message and folder, and the owner's profile, with its bytes. One a report or an
   * admin's action names (directly or through a post) stays as evidence.
   */
  async remove(ownerId: string, mediaId: string, everywhere: boolean): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.ownItem(tx, ownerId, mediaId, true);
      if (await this.heldAsEvidence(tx, mediaId)) throw errors.mediaHeldAsEvidence();
      // After the row's lock: no post or message takes the item up until this transaction ends (they lock it too).
      const result = (await tx.execute(vaultItemSql(ownerId, mediaId))) as unknown as { rows: VaultItemRow[] };
      const row = result.rows[0];
      const uses = row ? usesText(row) : null;
      if (uses && !everywhere) throw errors.mediaInUse({ message: `This item is used in ${uses}. Delete it everywhere, or keep it.` });
      await tx
        .update(profiles)
        .set({
          avatarMediaId: sql`case when ${profiles.avatarMediaId} = ${mediaId} then null else ${profiles.avatarMediaId} end`,
          coverMediaId: sql`case when ${profiles.coverMediaId} = ${mediaId} then null else ${profiles.coverMediaId} end`,
        })
        .where(and(eq(profiles.userId, ownerId), or(eq(profiles.avatarMediaId, mediaId), eq(profiles.coverMediaId, mediaId))));
      await this.leaveNothingEmpty(tx, mediaId);
      // The row, and with it every post's, message's and folder's link to it, in the transaction that checked its uses.
      await tx.delete(media).where(eq(media.id, mediaId));
    });
    // Then the bytes (the row is gone already: bytes left by a failure are unreachable).
    await this.deps.media.deleteMedia(mediaId);
  }

  /**
   * What the item's leaving would empty: a post with no words and no other item is deleted (an
   * empty post is never published); a message left with no media is sold no more, and one with no
   * words either leaves its chat. A member who paid for it keeps the record of it.
   */
  private async leaveNothingEmpty(tx: Executor, mediaId: string): Promise<void> {
    const now = this.deps.now();
    await tx.execute(sql`update ${posts} as p set deleted_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      where p.deleted_at is null and btrim(p.text) = ''
        and exists (select 1 from ${postMedia} as pm where pm.post_id = p.id and pm.media_id = ${mediaId})
        and not exists (select 1 from ${postMedia} as other where other.post_id = p.id and other.media_id <> ${mediaId})`);
    const emptied = sql`price_minor = null, currency = null,
        removed_at = case when btrim(m.body) = '' then coalesce(m.removed_at, ${now.toISOString()}::timestamptz) else m.removed_at end`;
    await tx.execute(sql`update ${messages} as m set ${emptied}
      where exists (select 1 from ${messageMedia} as mm where mm.message_id = m.id and mm.media_id = ${mediaId})
        and not exists (select 1 from ${messageMedia} as other where other.message_id = m.id and other.media_id <> ${mediaId})`);
    // A mass message's copies show its media: those of a mass message left with none are emptied the same way.
    await tx.execute(sql`update ${messages} as m set ${emptied}
      where m.mass_message_id in (select item.mass_message_id from ${massMessageMedia} as item where item.media_id = ${mediaId}
        and not exists (select 1 from ${massMessageMedia} as other where other.mass_message_id = item.mass_message_id and other.media_id <> ${mediaId}))`);
  }

  async folders(ownerId: string): Promise<VaultFolders> {
    const rows = await this.deps.statements.folders.run({ owner: ownerId });
    return { folders: rows.map((row) => ({ id: row.id, name: row.name, count: row.count, createdAt: row.created_at })) };
  }

  /** A new folder; at most VAULT_FOLDERS_MAX, names unique whatever their case. */
  async createFolder(ownerId: string, name: string): Promise<VaultFolder> {
    const now = this.deps.now();
    const id = generateId(now.getTime());
    await this.nameUnique(() =>
      this.deps.db.transaction(async (tx) => {
        // The owner's row orders two creations at once, so the limit holds.
        await lockUser(tx, ownerId);
        const [held] = await tx.select({ total: count() }).from(vaultFolders).where(eq(vaultFolders.ownerId, ownerId));
        if ((held?.total ?? 0) >= VAULT_FOLDERS_MAX) throw errors.vaultFolderLimit();
        await tx.insert(vaultFolders).values({ id, ownerId, name, createdAt: now });
      }),
    );
    return { id, name, count: 0, createdAt: now.toISOString() };
  }

  async renameFolder(ownerId: string, folderId: string, name: string): Promise<VaultFolder> {
    const [renamed] = await this.nameUnique(() =>
      this.deps.db
        .update(vaultFolders)
        .set({ name })
        .where(and(eq(vaultFolders.id, folderId), eq(vaultFolders.ownerId, ownerId)))
        .returning({ id: vaultFolders.id }),
    );
    if (!renamed) throw errors.notFound('Folder');
    const folder = (await this.folders(ownerId)).folders.find((item) => item.id === folderId);
    if (!folder) throw errors.notFound('Folder');
    return folder;
  }

  /** Deletes a folder; its items stay in the vault. */
  async deleteFolder(ownerId: string, folderId: string): Promise<void> {
    const removed = await this.deps.db
      .delete(vaultFolders)
      .where(and(eq(vaultFolders.id, folderId), eq(vaultFolders.ownerId, ownerId)))
      .returning({ id: vaultFolders.id });
    if (removed.length === 0) throw errors.notFound('Folder');
  }

  /** Puts one of the owner's items in one of their folders (again is nothing). */
  async addToFolder(ownerId: string, folderId: string, mediaId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.ownFolder(tx, ownerId, folderId);
      await this.ownItem(tx, ownerId, mediaId);
      await tx.insert(vaultFolderItems).values({ folderId, mediaId, addedAt: this.deps.now() }).onConflictDoNothing();
    });
  }

  async removeFromFolder(ownerId: string, folderId: string, mediaId: string): Promise<void> {
    await this.ownFolder(this.deps.db, ownerId, folderId);
    await this.deps.db.delete(vaultFolderItems).where(and(eq(vaultFolderItems.folderId, folderId), eq(vaultFolderItems.mediaId, mediaId)));
  }

  private async ownItem(executor: Executor, ownerId: string, mediaId: string, lock = false): Promise<void> {
    const query = executor
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.id, mediaId), eq(media.ownerId, ownerId), notSupportScreenshotSql(sql`${media.id}`)));
    const [item] = lock ? await query.for('update') : await query;
    if (!item) throw errors.notFound('Media');
  }

  private async ownFolder(executor: Executor, ownerId: string, folderId: string): Promise<void> {
    const [folder] = await executor
      .select({ id: vaultFolders.id })
      .from(vaultFolders)
      .where(and(eq(vaultFolders.id, folderId), eq(vaultFolders.ownerId, ownerId)));
    if (!folder) throw errors.notFound('Folder');
  }

  /** A report or an audit row names the item, or a post it is in (the purge of unused media keeps the same). */
  private async heldAsEvidence(executor: Executor, mediaId: string): Promise<boolean> {
    const named = (table: typeof reports | typeof auditLog) =>
      sql`exists (select 1 from ${table} where ${table.targetId} = ${mediaId})
        or exists (select 1 from ${postMedia} join ${table} on ${table.targetId} = ${postMedia.postId} where ${postMedia.mediaId} = ${mediaId})`;
    const result = (await executor.execute(sql`select (${named(reports)}) or (${named(auditLog)}) as held`)) as unknown as {
      rows: { held: boolean }[];
    };
    return result.rows[0]?.held === true;
  }

  private async nameUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.vaultFolderNameTaken();
      throw error;
    }
  }
}

/** Where an item is used, in words, or null when nowhere. */
function usesText(row: VaultItemRow): string | null {
  const parts = [
    row.posts > 0 ? `${row.posts} ${row.posts === 1 ? 'post' : 'posts'}` : null,
    row.messages > 0 ? `${row.messages} ${row.messages === 1 ? 'message' : 'messages'}` : null,
    row.mass_messages > 0 ? `${row.mass_messages} ${row.mass_messages === 1 ? 'mass message' : 'mass messages'}` : null,
    row.profile ? 'your profile' : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

function toItem(row: VaultItemRow): VaultItem {
  const shown = mediaItemForViewer(
    {
      position: 0,
      mediaId: row.id,
      kind: row.kind,
      status: row.status,
      width: row.width,
      height: row.height,
      durationMs: row.duration_ms,
      placeholder: row.placeholder,
      ...(row.derivatives as Record<DerivativeKind, boolean>),
    },
    (kind) => vaultMediaUrl(row.id, kind),
  );
  return {
    id: row.id,
    kind: row.kind as MediaKind,
    status: shown.status,
    width: shown.width,
    height: shown.height,
    durationMs: shown.durationMs,
    placeholder: shown.placeholder,
    urls: shown.urls,
    mime: row.mime,
    sizeBytes: Number(row.size_bytes),
    originalName: row.original_name,
    createdAt: row.created_at,
    uses: { posts: row.posts, messages: row.messages, massMessages: row.mass_messages, profile: row.profile },
    folderIds: row.folder_ids,
  };
}
