import { type FanListRef, fanListRefSchema } from '@aurum/core';
import { type SQL, sql } from 'drizzle-orm';
import { blockedEitherWaySql } from '../blocks/service.js';
import type { Executor } from '../db/database.js';
import {
  chatParticipants,
  chats,
  massMessageMedia,
  massMessageRecipients,
  massMessages,
  messageMedia,
  messages,
  users,
} from '../db/schema.js';
import { isFanSql, membersSql } from '../fan-lists/statements.js';

/**
 * The set-based steps of a mass message's delivery. Recipients are resolved once, in one
 * `INSERT … SELECT` of the lists' fans; copies are then written a batch at a time, each batch one
 * transaction of a few statements over the batch's rows (never a statement per recipient), so a
 * batch is delivered whole or not at all, and a batch's number, written with its copies, keeps a
 * crash from delivering it twice.
 */

/** Recipients written per transaction: large enough to write at the database's pace, short enough not to hold up a chat. */
export const DELIVERY_BATCH = 2000;

/**
 * One list's fans as a set of user ids; its plan or list is looked for among the creator's own. A
 * custom list keeps whoever was a fan when added: only those still fans count (a built-in list
 * holds fans by its rule).
 */
function listSetSql(ref: FanListRef, creatorId: string, now: Date): SQL {
  const creator = sql`${creatorId}::text`;
  const members = membersSql(ref.kind, {
    creator,
    now: sql`${now.toISOString()}::timestamptz`,
    days: sql`${ref.kind === 'ended' ? ref.days : 0}::integer`,
    plan: sql`${ref.kind === 'plan' ? ref.planId : null}::text`,
    list: sql`${ref.kind === 'custom' ? ref.listId : null}::text`,
  });
  const stillFans = ref.kind === 'custom' ? sql` where ${isFanSql(creator, sql`listed.user_id`)}` : sql``;
  return sql`select listed.user_id from (${members}) as listed${stillFans}`;
}

/** Who a mass message reaches now: the fans on any list to include and on no list to leave out, neither side blocking. */
export function audienceSql(creatorId: string, include: readonly string[], exclude: readonly string[], now: Date): SQL {
  const sets = (refs: readonly string[]) =>
    sql.join(
      refs.map((ref) => listSetSql(fanListRefSchema.parse(ref), creatorId, now)),
      sql` union `,
    );
  const creator = sql`${creatorId}::text`;
  return sql`select audience.user_id from (${sets(include)}${exclude.length > 0 ? sql` except ${sets(exclude)}` : sql``}) as audience
    where not ${blockedEitherWaySql(creator, sql`audience.user_id`)}`;
}

/**
 * Writes the recipients of a mass message (once: a second call adds nobody) with each one's chat:
 * the chat they have with the creator, or the id of the one delivery will open. Batches then look
 * a chat up by its id, and by the pair only where that chat is not there yet.
 * Returns how many recipients it has.
 */
export async function writeRecipients(tx: Executor, message: { id: string; creatorId: string }, audience: SQL): Promise<number> {
  const creator = sql`${message.creatorId}::text`;
  await tx.execute(sql`insert into ${massMessageRecipients} (mass_message_id, user_id, chat_id)
    select ${message.id}, recipient.user_id, coalesce(c.id, ${newChatId(message.id, sql`recipient.user_id`)})
    from (${audience}) as recipient
      left join ${chats} as c on c.user_low = least(recipient.user_id, ${creator}) and c.user_high = greatest(recipient.user_id, ${creator})
    on conflict do nothing`);
  const result = (await tx.execute(
    sql`select count(*)::integer as count from ${massMessageRecipients} where mass_message_id = ${message.id}`,
  )) as unknown as { rows: { count: number }[] };
  return result.rows[0]?.count ?? 0;
}

/** The id of a chat a mass message opens: one per mass message and recipient. */
const newChatId = (massMessageId: string, userId: SQL) => sql`'c-' || ${massMessageId} || '-' || ${userId}`;

export interface DeliveredCopy {
  chatId: string;
  messageId: string;
  recipientId: string;
  /** The copy opened this chat: nobody can be listening to it yet. */
  opened: boolean;
}

/** The recipients a batch covers: those after `after` up to `through`, by user id. */
export interface BatchRange {
  after: string;
  through: string;
}

/** A batch written: its number among the message's batches, and whom it covers. */
export interface DeliveredBatch extends BatchRange {
  massMessageId: string;
  batch: number;
}

/**
 * Delivers the next batch: the next DELIVERY_BATCH recipients by id after the last one delivered,
 * skipping those who left or blocked since. In one statement: opens the chats that do not exist
 * (with both sides), moves the member's side up to the mass message's time, writes each copy with
 * its media at that time, and moves the message's cursor past the batch. The creator's side of an
 * existing chat is left as it is: a message to thousands neither reorders their inbox nor marks
 * what a fan wrote as read. Returns the copies and the batch's range, or null when no recipient
 * is left. Runs inside the caller's transaction.
 */
export async function deliverBatch(
  tx: Executor,
  message: { id: string; creatorId: string; sendAt: Date; deliveredThrough: string | null },
  now: Date,
): Promise<{ range: BatchRange; copies: DeliveredCopy[] } | null> {
  const { id } = message;
  const after = message.deliveredThrough ?? '';
  const last = (await tx.execute(sql`select max(next.user_id) as through from (
      select r.user_id from ${massMessageRecipients} as r
      where r.mass_message_id = ${id} and r.user_id > ${after} order by r.user_id limit ${DELIVERY_BATCH}) as next`)) as unknown as {
    rows: { through: string | null }[];
  };
  const through = last.rows[0]?.through;
  if (!through) return null;

  const creator = sql`${message.creatorId}::text`;
  const sendAt = sql`${message.sendAt.toISOString()}::timestamptz`;
  const pair = (table: SQL, userId: SQL) =>
    sql`${table}.user_low = least(${userId}, ${creator}) and ${table}.user_high = greatest(${userId}, ${creator})`;
  // Each lookup is a probe by key, written as a subquery so the plan stays one whatever the tables' statistics.
  const copies = (await tx.execute(sql`with batch as materialized (
      select found.user_id, coalesce(found.known, found.paired, found.chat_id) as chat_id, found.known is null and found.paired is null as opens
      from (
        select planned.user_id, planned.chat_id, planned.known,
          -- A member who opened a chat with the creator since sending began: their copy goes there (looked up only then).
          case when planned.known is null then (select c.id from ${chats} as c where ${pair(sql`c`, sql`planned.user_id`)}) end as paired
        from (
          select r.user_id, r.chat_id, (select known.id from ${chats} as known where known.id = r.chat_id) as known
          from ${massMessageRecipients} as r
          where r.mass_message_id = ${id} and r.user_id > ${after} and r.user_id <= ${through}
            and (select u.disabled_at is null from ${users} as u where u.id = r.user_id)
            and not ${blockedEitherWaySql(creator, sql`r.user_id`)}
          offset 0) as planned
        offset 0) as found
    ), opened as (
      insert into ${chats} (id, user_low, user_high, created_at)
      select chat_id, least(user_id, ${creator}), greatest(user_id, ${creator}), ${now.toISOString()}::timestamptz from batch where opens
      on conflict do nothing
    ), sides as (
      insert into ${chatParticipants} as cp (chat_id, user_id, partner_id, activity_at)
      select batch.chat_id, side.user_id, side.partner_id, ${sendAt}
      from batch cross join lateral (values (batch.user_id, ${creator}), (${creator}, batch.user_id)) as side(user_id, partner_id)
      where batch.opens or side.user_id = batch.user_id
      on conflict (chat_id, user_id) do update set activity_at = excluded.activity_at where cp.activity_at < excluded.activity_at
    ), copies as (
      insert into ${messages} (id, chat_id, sender_id, body, price_minor, currency, mass_message_id, created_at)
      select 'm-' || mm.id || '-' || batch.user_id, batch.chat_id, mm.creator_id, mm.body, mm.price_minor, mm.currency, mm.id, mm.send_at
      from batch join ${massMessages} as mm on mm.id = ${id}
      on conflict (id) do nothing
      returning id, chat_id
    ), copied_media as (
      insert into ${messageMedia} (message_id, position, media_id)
      select copies.id, item.position, item.media_id from copies
        join ${massMessageMedia} as item on item.mass_message_id = ${id}
    ), counted as (
      update ${massMessages} set delivered_through = ${through}, batches = batches + 1,
        delivered_count = delivered_count + (select count(*) from copies)
      where id = ${id}
    )
    select copies.id as "messageId", copies.chat_id as "chatId", batch.user_id as "recipientId", batch.opens as opened
    from copies join batch on batch.chat_id = copies.chat_id`)) as unknown as { rows: DeliveredCopy[] };
  return { range: { after, through }, copies: copies.rows };
}
