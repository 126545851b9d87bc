import { type FanListRef, fanListRefSchema } from '@aurum/core';
import { type SQL, sql } from 'drizzle-orm';
import { blockedEitherWaySql } from '../blocks/service.js';
import type { Executor } from '../db/database.js';
import { chatParticipants, chats, massMessageBatches, massMessages, messages, users } from '../db/schema.js';
import { isFanSql, membersSql } from '../fan-lists/statements.js';

/**
 * The set-based steps of a mass message's delivery. Recipients are resolved once, in one
 * `INSERT … SELECT` of the lists' fans into rows of a batch of ids each; copies are then written a
 * batch at a time, each batch one statement over its rows (never a statement per recipient) that
 * also deletes the batch's row, so a batch is delivered whole or not at all, and never twice.
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
 * Writes the recipients of a mass message, DELIVERY_BATCH user ids to a row in id order (once:
 * it is called when sending begins). Returns how many recipients there are.
 */
export async function writeRecipients(tx: Executor, massMessageId: string, audience: SQL): Promise<number> {
  const size = sql.raw(String(DELIVERY_BATCH));
  const result = (await tx.execute(sql`with batches as (
      insert into ${massMessageBatches} (mass_message_id, batch, recipient_ids)
      select ${massMessageId}, (numbered.n - 1) / ${size}, array_agg(numbered.user_id order by numbered.n)
      from (select recipient.user_id, row_number() over (order by recipient.user_id) as n from (${audience}) as recipient) as numbered
      group by (numbered.n - 1) / ${size}
      returning cardinality(recipient_ids) as size)
    select coalesce(sum(size), 0)::integer as count from batches`)) as unknown as { rows: { count: number }[] };
  return result.rows[0]?.count ?? 0;
}

export interface DeliveredCopy {
  chatId: string;
  messageId: string;
  recipientId: string;
  /** The copy opened this chat: nobody can be listening to it yet. */
  opened: boolean;
}

/**
 * Delivers the next batch of recipients, skipping those who left or blocked since. In one
 * statement: takes (deletes) the batch's row, opens the chats that do not exist (with both
 * sides), moves the member's side up to the mass message's time, writes each copy at that time
 * (its media are its mass message's: `db/message-media.ts`), and counts the batch. The creator's
 * side of an existing chat is left as it is: a message to thousands neither reorders their inbox
 * nor marks what a fan wrote as read. Returns the copies written and whether this was the last
 * batch (so the caller needs no further transaction to learn it), or null when no batch is left.
 * Runs inside the caller's transaction.
 */
export async function deliverBatch(
  tx: Executor,
  message: { id: string; creatorId: string; sendAt: Date },
  now: Date,
): Promise<{ copies: DeliveredCopy[]; last: boolean } | null> {
  const { id } = message;
  const next = (await tx.execute(
    sql`select batch, count(*) over ()::integer as waiting from ${massMessageBatches} where mass_message_id = ${id} order by batch limit 1`,
  )) as unknown as { rows: { batch: number; waiting: number }[] };
  const [first] = next.rows;
  if (first === undefined) return null;
  const { batch } = first;

  const creator = sql`${message.creatorId}::text`;
  const sendAt = sql`${message.sendAt.toISOString()}::timestamptz`;
  // Each lookup is a probe by key, written as a subquery so the plan stays one whatever the tables' statistics.
  const copies = (await tx.execute(sql`with taken as (
      delete from ${massMessageBatches} where mass_message_id = ${id} and batch = ${batch} returning recipient_ids
    ), recipients as materialized (
      select found.user_id, coalesce(found.chat_id, 'c-' || ${id} || '-' || found.user_id) as chat_id, found.chat_id is null as opens
      from (
        select recipient.user_id,
          (select c.id from ${chats} as c
            where c.user_low = least(recipient.user_id, ${creator}) and c.user_high = greatest(recipient.user_id, ${creator})) as chat_id
        from taken cross join unnest(taken.recipient_ids) as recipient(user_id)
        -- Null for an account deleted since: skipped like a disabled one.
        where (select u.disabled_at is null from ${users} as u where u.id = recipient.user_id)
          and not ${blockedEitherWaySql(creator, sql`recipient.user_id`)}
        offset 0) as found
    ), opened as (
      insert into ${chats} (id, user_low, user_high, created_at)
      select chat_id, least(user_id, ${creator}), greatest(user_id, ${creator}), ${now.toISOString()}::timestamptz from recipients where opens
    ), sides as (
      insert into ${chatParticipants} as cp (chat_id, user_id, partner_id, activity_at)
      select recipients.chat_id, side.user_id, side.partner_id, ${sendAt}
      from recipients cross join lateral (values (recipients.user_id, ${creator}), (${creator}, recipients.user_id)) as side(user_id, partner_id)
      where recipients.opens or side.user_id = recipients.user_id
      on conflict (chat_id, user_id) do update set activity_at = excluded.activity_at where cp.activity_at < excluded.activity_at
    ), copies as (
      insert into ${messages} (id, chat_id, sender_id, body, price_minor, currency, mass_message_id, created_at)
      select 'm-' || mm.id || '-' || recipients.user_id, recipients.chat_id, mm.creator_id, mm.body, mm.price_minor, mm.currency, mm.id, mm.send_at
      from recipients join ${massMessages} as mm on mm.id = ${id}
      returning id, chat_id
    ), counted as (
      update ${massMessages} set batches = batches + 1, delivered_count = delivered_count + (select count(*) from copies)
      where id = ${id}
    )
    select copies.id as "messageId", copies.chat_id as "chatId", recipients.user_id as "recipientId", recipients.opens as opened
    from copies join recipients on recipients.chat_id = copies.chat_id`)) as unknown as { rows: DeliveredCopy[] };
  return { copies: copies.rows, last: first.waiting === 1 };
}
