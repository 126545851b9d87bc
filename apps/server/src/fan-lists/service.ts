import {
  type Currency,
  FAN_LISTS_MAX,
  type FanDetails,
  type FanListMembersPage,
  type FanListRef,
  type FanListSummary,
  type FanLists,
  type fanListMembersQuerySchema,
  formatFanListRef,
  generateId,
} from '@aurum/core';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '../db/database.js';
import { fanListMembers, fanLists, fanNotes, users } from '../db/schema.js';
import { containsPattern } from '../db/search-pattern.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { lockUser } from '../db/user-lock.js';
import { errors } from '../http/errors.js';
import { type KeyShape, keysetPage, keysetStart } from '../http/page-cursor.js';
import { profileImageUrl } from '../media/media-urls.js';
import { type FanListCountSqlRow, type FanListMemberSqlRow, type FanListStatements, isFanSql } from './statements.js';

export interface FanListsServiceDeps {
  db: Database;
  now: () => Date;
  statements: FanListStatements;
}

/** A list's key: its sort value (a time in epoch milliseconds, or an amount) and the member's id. */
const memberKey: KeyShape<number> = z.tuple([z.number().int(), z.string().min(1)]);

/**
 * A creator's fan lists and notes (routes let only creators in, about their own fans). Who is on
 * a built-in list is decided by its statement (`statements.ts`); a custom list holds only fans
 * (`isFanSql`), so nobody can be put on a list, and later written to, who never met the creator.
 */
export class FanListsService {
  constructor(private readonly deps: FanListsServiceDeps) {}

  /** Every list with its count; the ended list over the last `days` days. */
  async lists(creatorId: string, days: number): Promise<FanLists> {
    const rows = await this.deps.statements.counts.run({ creator: creatorId, now: this.now(), days });
    return { lists: rows.map((row) => summaryOf(row, days)) };
  }

  /** A page of one list's members, searched by handle or name; a plan or custom list of someone else's is not found. */
  async members(creatorId: string, ref: FanListRef, query: z.output<typeof fanListMembersQuerySchema>): Promise<FanListMembersPage> {
    const values = {
      creator: creatorId,
      now: this.now(),
      days: ref.kind === 'ended' ? ref.days : 0,
      plan: ref.kind === 'plan' ? ref.planId : null,
      list: ref.kind === 'custom' ? ref.listId : null,
    };
    const [[head], rows] = await Promise.all([
      this.deps.statements.one[ref.kind].run(values),
      this.deps.statements.page[ref.kind].run({ ...values, pattern: containsPattern(query.q), ...keysetStart(query, memberKey) }),
    ]);
    if (!head || head.name === null) throw errors.notFound('List');
    const { items, nextCursor } = keysetPage(rows, query.limit, (row) => [row.sort_key, row.user_id]);
    return {
      list: {
        ref: formatFanListRef(ref),
        kind: ref.kind,
        name: head.name === '' ? null : head.name,
        count: head.count,
        days: ref.kind === 'ended' ? ref.days : null,
        listId: ref.kind === 'custom' ? ref.listId : null,
      },
      items: items.map(toMember),
      nextCursor,
    };
  }

  /** A new list of the creator's own, empty; at most FAN_LISTS_MAX, names unique whatever their case. */
  async create(creatorId: string, name: string): Promise<FanListSummary> {
    const id = generateId(this.deps.now().getTime());
    await this.nameUnique(() =>
      this.deps.db.transaction(async (tx) => {
        // The creator's row orders two creations at once, so the limit holds.
        await lockUser(tx, creatorId);
        const [held] = await tx.select({ total: count() }).from(fanLists).where(eq(fanLists.creatorId, creatorId));
        if ((held?.total ?? 0) >= FAN_LISTS_MAX) throw errors.fanListLimit();
        await tx.insert(fanLists).values({ id, creatorId, name, createdAt: this.deps.now() });
      }),
    );
    return customSummary(id, name, 0);
  }

  async rename(creatorId: string, listId: string, name: string): Promise<FanListSummary> {
    const renamed = await this.nameUnique(() =>
      this.deps.db
        .update(fanLists)
        .set({ name })
        .where(and(eq(fanLists.id, listId), eq(fanLists.creatorId, creatorId)))
        .returning({ id: fanLists.id }),
    );
    if (renamed.length === 0) throw errors.notFound('List');
    const [head] = await this.deps.statements.one.custom.run({ creator: creatorId, now: this.now(), days: 0, plan: null, list: listId });
    return customSummary(listId, name, head?.count ?? 0);
  }

  async remove(creatorId: string, listId: string): Promise<void> {
    const removed = await this.deps.db
      .delete(fanLists)
      .where(and(eq(fanLists.id, listId), eq(fanLists.creatorId, creatorId)))
      .returning({ id: fanLists.id });
    if (removed.length === 0) throw errors.notFound('List');
  }

  /** Puts a fan on one of the creator's lists (again is nothing). */
  async addMember(creatorId: string, listId: string, memberId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.ownList(tx, creatorId, listId);
      await this.assertFan(tx, creatorId, memberId);
      await tx.insert(fanListMembers).values({ listId, userId: memberId, addedAt: this.deps.now() }).onConflictDoNothing();
    });
  }

  async removeMember(creatorId: string, listId: string, memberId: string): Promise<void> {
    await this.ownList(this.deps.db, creatorId, listId);
    await this.deps.db.delete(fanListMembers).where(and(eq(fanListMembers.listId, listId), eq(fanListMembers.userId, memberId)));
  }

  /** What the creator keeps about a fan: the note and which of their lists hold them; not a fan is not found. */
  async details(creatorId: string, memberId: string): Promise<FanDetails> {
    await this.assertFan(this.deps.db, creatorId, memberId);
    return this.readDetails(creatorId, memberId);
  }

  /** Writes the creator's note about a fan; an empty note removes it. */
  async setNote(creatorId: string, memberId: string, text: string): Promise<FanDetails> {
    await this.assertFan(this.deps.db, creatorId, memberId);
    if (text === '') {
      await this.deps.db.delete(fanNotes).where(and(eq(fanNotes.creatorId, creatorId), eq(fanNotes.userId, memberId)));
    } else {
      const updatedAt = this.deps.now();
      await this.deps.db
        .insert(fanNotes)
        .values({ creatorId, userId: memberId, body: text, updatedAt })
        .onConflictDoUpdate({ target: [fanNotes.creatorId, fanNotes.userId], set: { body: text, updatedAt } });
    }
    return this.readDetails(creatorId, memberId);
  }

  private async readDetails(creatorId: string, memberId: string): Promise<FanDetails> {
    const [note, lists] = await Promise.all([
      this.deps.db
        .select({ body: fanNotes.body })
        .from(fanNotes)
        .where(and(eq(fanNotes.creatorId, creatorId), eq(fanNotes.userId, memberId))),
      this.deps.db
        .select({ id: fanLists.id })
        .from(fanListMembers)
        .innerJoin(fanLists, eq(fanLists.id, fanListMembers.listId))
        .where(and(eq(fanLists.creatorId, creatorId), eq(fanListMembers.userId, memberId)))
        .orderBy(asc(fanLists.createdAt), asc(fanLists.id)),
    ]);
    return { userId: memberId, note: note[0]?.body ?? null, listIds: lists.map((list) => list.id) };
  }

  private async ownList(executor: Executor, creatorId: string, listId: string): Promise<void> {
    const [list] = await executor
      .select({ id: fanLists.id })
      .from(fanLists)
      .where(and(eq(fanLists.id, listId), eq(fanLists.creatorId, creatorId)));
    if (!list) throw errors.notFound('List');
  }

  /** A fan of the creator with an active account; anyone else is not found (a creator learns nothing of strangers). */
  private async assertFan(executor: Executor, creatorId: string, memberId: string): Promise<void> {
    const result = (await executor.execute(
      sql`select 1 from ${users} as u where u.id = ${memberId} and u.disabled_at is null and u.id <> ${creatorId}
        and ${isFanSql(sql`${creatorId}::text`, sql`u.id`)}`,
    )) as unknown as { rows: unknown[] };
    if (result.rows.length === 0) throw errors.notFound('Fan');
  }

  /** Runs a write that may meet another list of the same name. */
  private async nameUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.fanListNameTaken();
      throw error;
    }
  }

  private now(): string {
    return this.deps.now().toISOString();
  }
}

function summaryOf(row: FanListCountSqlRow, days: number): FanListSummary {
  const ref: FanListRef =
    row.kind === 'ended'
      ? { kind: 'ended', days }
      : row.kind === 'plan'
        ? { kind: 'plan', planId: row.id as string }
        : row.kind === 'custom'
          ? { kind: 'custom', listId: row.id as string }
          : { kind: row.kind };
  return {
    ref: formatFanListRef(ref),
    kind: row.kind,
    name: row.name,
    count: row.count,
    days: ref.kind === 'ended' ? days : null,
    listId: ref.kind === 'custom' ? ref.listId : null,
  };
}

function customSummary(listId: string, name: string, members: number): FanListSummary {
  return { ref: formatFanListRef({ kind: 'custom', listId }), kind: 'custom', name, count: members, days: null, listId };
}

function toMember(row: FanListMemberSqlRow) {
  return {
    userId: row.user_id,
    handle: row.handle,
    publicName: row.public_name,
    avatarColor: row.avatar_color,
    avatarUrl: profileImageUrl(row.user_id, 'avatar', row.avatar_media_id),
    since: row.since,
    spent:
      row.spent_minor !== null && row.spent_currency !== null
        ? { amountMinor: row.spent_minor, currency: row.spent_currency as Currency }
        : null,
    note: row.note,
  };
}
