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
 * the chat they have with the creator, or the id of the one delivery will open. Batches then never
 * look chats up by pair (a join whose plan goes bad while a first mass message fills the table).
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
}

/**
 * Delivers the next batch: claims up to DELIVERY_BATCH recipients not yet taken, skips those who
 * left or blocked since, opens the chats that do not exist and moves both sides' up to the mass
 * message's time, writes each copy with its media at that time, and counts the batch. Returns the copies
 * written, or null when no recipient is left. Runs inside the caller's transaction.
 */
export async function deliverBatch(
  tx: Executor,
  message: { id: string; creatorId: string; sendAt: Date; batch: number },
  now: Date,
): Promise<DeliveredCopy[] | null> {
  const { id, creatorId, batch } = message;
  const creator = sql`${creatorId}::text`;
  const sendAt = sql`${message.sendAt.toISOString()}::timestamptz`;
  // The batch is taken, and those who left or blocked since the recipients were written are skipped.
  const claimed = (await tx.execute(sql`update ${massMessageRecipients} as r set batch = ${batch},
      skipped = not exists (select 1 from ${users} as u where u.id = r.user_id and u.disabled_at is null)
        or ${blockedEitherWaySql(creator, sql`r.user_id`)}
    where r.mass_message_id = ${id} and r.user_id in (
      select pending.user_id from ${massMessageRecipients} as pending
      where pending.mass_message_id = ${id} and pending.batch is null
      order by pending.user_id limit ${DELIVERY_BATCH})
    returning r.user_id`)) as unknown as { rows: unknown[] };
  if (claimed.rows.length === 0) return null;
  const delivering = sql`r.mass_message_id = ${id} and r.batch = ${batch} and not r.skipped`;

  await tx.execute(sql`insert into ${chats} (id, user_low, user_high, created_at)
    select r.chat_id, least(r.user_id, ${creator}), greatest(r.user_id, ${creator}), ${now.toISOString()}::timestamptz
    from ${massMessageRecipients} as r where ${delivering}
    on conflict do nothing`);
  // A member who opened a chat with the creator since sending began: their copy goes there (rare: found through the pair).
  await tx.execute(sql`update ${massMessageRecipients} as r set chat_id = c.id
    from ${chats} as c
    where ${delivering} and not exists (select 1 from ${chats} as opened where opened.id = r.chat_id)
      and c.user_low = least(r.user_id, ${creator}) and c.user_high = greatest(r.user_id, ${creator})`);
  // Both sides of each chat, moved up to the copy's time (never back); the creator has read their own message.
  const copyOf = sql`'m-' || ${id} || '-' || side.member_id`;
  await tx.execute(sql`insert into ${chatParticipants} as cp (chat_id, user_id, partner_id, activity_at, last_read_at, last_read_message_id)
    select r.chat_id, side.user_id, side.partner_id, ${sendAt},
      case when side.user_id = ${creator} then ${sendAt} end, case when side.user_id = ${creator} then ${copyOf} end
    from ${massMessageRecipients} as r
      cross join lateral (values (r.user_id, ${creator}, r.user_id), (${creator}, r.user_id, r.user_id)) as side(user_id, partner_id, member_id)
    where ${delivering}
    on conflict (chat_id, user_id) do update set
      activity_at = greatest(cp.activity_at, excluded.activity_at),
      last_read_at = case when excluded.last_read_at is not null and (cp.last_read_at is null
        or (cp.last_read_at, cp.last_read_message_id) < (excluded.last_read_at, excluded.last_read_message_id)) then excluded.last_read_at else cp.last_read_at end,
      last_read_message_id = case when excluded.last_read_at is not null and (cp.last_read_at is null
        or (cp.last_read_at, cp.last_read_message_id) < (excluded.last_read_at, excluded.last_read_message_id))
        then excluded.last_read_message_id else cp.last_read_message_id end`);

  // The copy and its media in one statement; its id is the mass message's and the recipient's, so it is written once.
  const copies = (await tx.execute(sql`with copies as (
      insert into ${messages} (id, chat_id, sender_id, body, price_minor, currency, mass_message_id, created_at)
      select 'm-' || mm.id || '-' || r.user_id, r.chat_id, mm.creator_id, mm.body, mm.price_minor, mm.currency, mm.id, mm.send_at
      from ${massMessageRecipients} as r
        join ${massMessages} as mm on mm.id = r.mass_message_id
      where ${delivering}
      on conflict (id) do nothing
      returning id, chat_id
    ), copied_media as (
      insert into ${messageMedia} (message_id, position, media_id)
      select copies.id, item.position, item.media_id from copies
        join ${massMessageMedia} as item on item.mass_message_id = ${id}
    )
    select copies.id as "messageId", copies.chat_id as "chatId",
      substr(copies.id, ${`m-${id}-`.length + 1}::integer) as "recipientId"
    from copies`)) as unknown as { rows: DeliveredCopy[] };

  await tx.execute(sql`update ${massMessages} set batches = ${batch + 1},
      delivered_count = delivered_count + (select count(*) from ${massMessageRecipients} as r where ${delivering})
    where id = ${id}`);
  return copies.rows;
}
