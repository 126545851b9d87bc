import { type SQL, sql } from 'drizzle-orm';
import { blockedEitherWaySql } from '../blocks/service.js';
import type { Database } from '../db/database.js';
import { messageMediaLinks } from '../db/message-media.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import {
  charges,
  chatParticipants,
  chats,
  messages,
  messageUnlocks,
  plans,
  profiles,
  subscriptions,
  tips,
  userData,
  users,
} from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';
import { mediaItemsJson, type StoredMediaItem } from '../media/media-items.js';
import { chatPerkSql, offersChatSql } from './chat-sql.js';

/** Unread messages are mailed about once the chat has been quiet this long... */
export const CHAT_NOTICE_QUIET_MS = 10 * 60 * 1000;
/** ...and at most once per chat and reader in this time. */
export const CHAT_NOTICE_EVERY_MS = 60 * 60 * 1000;

/**
 * The chat lists, each one statement with placeholders, prepared once (`db/prepared.ts`): the
 * viewer's facts are computed per chat row from indexed lookups, never a statement per row.
 * Timestamps come back as text, as the driver gives them.
 */

const bound = {
  viewer: sql.placeholder('viewer'),
  now: sql.placeholder('now'),
  chat: sql.placeholder('chat'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};
const now = sql`${bound.now}::timestamptz`;

export interface MessageRow {
  id: string;
  sender_id: string;
  body: string;
  created_at: string;
  price_minor: number | null;
  currency: string | null;
  /** The viewer paid for this message. */
  viewer_paid: boolean;
  /** Someone (the recipient) paid for this message. */
  paid: boolean;
  /** The tip this message is (its amount and currency, from the tip's charge), or null. */
  tip: { amountMinor: number; currency: string } | null;
  media: StoredMediaItem[];
}

/** The amount of the tip a message is, as json, or null for a plain message. */
const messageTipSql = (message: SQL) => sql`case when ${message}.tip_id is null then null else
    (select json_build_object('amountMinor', tip_charge.amount_minor, 'currency', tip_charge.currency)
      from ${tips} as t join ${charges} as tip_charge on tip_charge.id = t.charge_id where t.id = ${message}.tip_id) end`;

/** An unlock of the message by this user exists. */
const unlockedBy = (message: SQL, user: SQL) =>
  sql<boolean>`exists (select 1 from ${messageUnlocks} as mu where mu.message_id = ${message}.id and mu.user_id = ${user})`;

/**
 * Core's `messageMediaAccess` for a participant, in SQL: the sender, a free message, or one
 * the viewer paid for shows in full; otherwise only the blurred derivatives.
 */
export const messageRevealedSql = (message: SQL, viewer: SQL) =>
  sql<boolean>`(${message}.sender_id = ${viewer} or ${message}.price_minor is null or ${unlockedBy(message, viewer)})`;

/**
 * A message's columns for a viewer (a participant): its text and price, whether it was paid
 * for, and its media in position order as one json column, with only the derivatives the
 * viewer may fetch named.
 */
export const messageColumns = (
  message: SQL,
  viewer: SQL,
) => sql`${message}.id, ${message}.sender_id, ${message}.body, ${message}.created_at,
    ${message}.price_minor, ${message}.currency,
    ${unlockedBy(message, viewer)} as viewer_paid,
    exists (select 1 from ${messageUnlocks} as any_unlock where any_unlock.message_id = ${message}.id) as paid,
    ${messageTipSql(message)} as tip,
    ${mediaItemsJson(messageMediaLinks(message), messageRevealedSql(message, viewer))} as media`;

export type PreviewRow = Omit<MessageRow, 'media' | 'viewer_paid' | 'paid'> & { media_count: number };

export interface SummaryRow {
  chat_id: string;
  created_at: string;
  activity_at: string;
  partner_id: string;
  handle: string | null;
  public_name: string | null;
  avatar_color: string;
  avatar_media_id: string | null;
  last_message: PreviewRow | null;
  unread: number;
  partner_last_read_message_id: string | null;
  chat_perk: boolean;
  partner_offers_chat: boolean;
  blocked: boolean;
}

/** Messages after a participant's read position, from the partner. */
const unreadOf = (side: SQL) => sql`(select count(*)::int from ${messages} as m
  where m.chat_id = ${side}.chat_id and m.sender_id <> ${side}.user_id and m.removed_at is null
    and (${side}.last_read_at is null or (m.created_at, m.id) > (${side}.last_read_at, ${side}.last_read_message_id)))`;

/** The viewer's chats (`page`: newest activity first after a cursor; `one`: a single chat by id) with partner, last message, unread count and state facts. */
function chatSummariesStatement(shape: 'page' | 'one'): SQL {
  const filter =
    shape === 'one'
      ? sql`cp.chat_id = ${bound.chat}`
      : sql`(${bound.cursorKey}::timestamptz is null or (cp.activity_at, cp.chat_id) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text))`;
  return sql`select cp.chat_id, c.created_at, cp.activity_at, cp.partner_id,
      pr.handle, pr.public_name, pr.avatar_color, pr.avatar_media_id,
      (select json_build_object('id', m.id, 'sender_id', m.sender_id, 'body', m.body, 'created_at', m.created_at,
          'price_minor', m.price_minor, 'currency', m.currency, 'tip', ${messageTipSql(sql`m`)}, 'media_count', (select count(*)::int from ${messageMediaLinks(sql`m`)} as links))
         from ${messages} as m where m.chat_id = cp.chat_id and m.removed_at is null order by m.created_at desc, m.id desc limit 1) as last_message,
      ${unreadOf(sql`cp`)} as unread,
      partner_side.last_read_message_id as partner_last_read_message_id,
      ${chatPerkSql(sql`cp.user_id`, sql`cp.partner_id`, now)} as chat_perk,
      ${offersChatSql(sql`cp.partner_id`)} as partner_offers_chat,
      ${blockedEitherWaySql(sql`cp.user_id`, sql`cp.partner_id`)} as blocked
    from ${chatParticipants} as cp
    join ${chats} as c on c.id = cp.chat_id
    join ${chatParticipants} as partner_side on partner_side.chat_id = cp.chat_id and partner_side.user_id = cp.partner_id
    join ${profiles} as pr on pr.user_id = cp.partner_id
    where cp.user_id = ${bound.viewer} and ${filter}
    order by cp.activity_at desc, cp.chat_id desc
    limit ${shape === 'one' ? sql`1` : bound.limit}`;
}

/** A page of a chat's messages, newest first, only for a participant. */
function historyStatement(): SQL {
  return sql`select ${messageColumns(sql`m`, sql`${bound.viewer}::text`)}
    from ${messages} as m
    where m.chat_id = ${bound.chat} and m.removed_at is null
      and exists (select 1 from ${chatParticipants} as cp where cp.chat_id = ${bound.chat} and cp.user_id = ${bound.viewer})
      and (${bound.cursorKey}::timestamptz is null or (m.created_at, m.id) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text))
    order by m.created_at desc, m.id desc
    limit ${bound.limit}`;
}

export interface PartnerRow {
  user_id: string;
  handle: string | null;
  public_name: string | null;
  avatar_color: string;
  avatar_media_id: string | null;
  chat_id: string | null;
}

/**
 * Everyone the viewer may chat with: the other side of each valid subscription that includes
 * chat, either way round, active and not blocked either way; by handle after a cursor.
 */
function chatPartnersStatement(): SQL {
  const chatPlan = sql`${grantsAccessSql(sql`s.valid_until`, now)} and coalesce((p.perks ->> 'chat')::boolean, false)`;
  const pattern = sql.placeholder('pattern');
  return sql`select pr.user_id, pr.handle, pr.public_name, pr.avatar_color, pr.avatar_media_id, c.id as chat_id
    from (
      select s.creator_id as partner_id from ${subscriptions} as s join ${plans} as p on p.id = s.plan_id
        where s.user_id = ${bound.viewer} and ${chatPlan}
      union
      select s.user_id from ${subscriptions} as s join ${plans} as p on p.id = s.plan_id
        where s.creator_id = ${bound.viewer} and ${chatPlan}
    ) as eligible
    join ${users} as u on u.id = eligible.partner_id and u.disabled_at is null
    join ${profiles} as pr on pr.user_id = eligible.partner_id
    left join ${chats} as c on c.user_low = least(${bound.viewer}::text, eligible.partner_id) and c.user_high = greatest(${bound.viewer}::text, eligible.partner_id)
    where eligible.partner_id <> ${bound.viewer}
      and not ${blockedEitherWaySql(sql`${bound.viewer}::text`, sql`eligible.partner_id`)}
      and (${pattern}::text is null or pr.handle ilike ${pattern}::text or pr.public_name ilike ${pattern}::text)
      and (${bound.cursorKey}::text is null or (coalesce(pr.handle, ''), pr.user_id) > (${bound.cursorKey}::text, ${bound.cursorId}::text))
    order by coalesce(pr.handle, ''), pr.user_id
    limit ${bound.limit}`;
}

/** Unread messages over all the viewer's chats. */
function unreadTotalStatement(): SQL {
  return sql`select coalesce(sum(${unreadOf(sql`cp`)}), 0)::int as total
    from ${chatParticipants} as cp where cp.user_id = ${bound.viewer}`;
}

/** Chats that moved longer ago than this are not looked at for unread notices again. */
const LOOK_BACK_MS = 24 * 60 * 60 * 1000;
/** How many unread notices one statement finds (a sweep reads several batches). */
export const NOTICES_BATCH = 200;

export interface NoticeRow {
  chat_id: string;
  user_id: string;
  email: string;
  notified_at: string | null;
  partner_handle: string | null;
  partner_name: string | null;
  unread: number;
}

/** The unread notices due now (see `ChatNotices`): quiet chats with messages the reader has not read nor been told of. */
function noticesDueStatement(): SQL {
  return sql`select cp.chat_id, cp.user_id, u.email, cp.notified_at, partner.handle as partner_handle,
      partner.public_name as partner_name, unread.count as unread
    from ${chatParticipants} as cp
    join ${users} as u on u.id = cp.user_id and u.disabled_at is null
    join ${userData} as d on d.user_id = cp.user_id and d.chat_email_notices
    join ${profiles} as partner on partner.user_id = cp.partner_id
    cross join lateral (select count(*)::int as count, max(m.created_at) as latest from ${messages} as m
      where m.chat_id = cp.chat_id and m.sender_id <> cp.user_id
        and (cp.last_read_at is null or (m.created_at, m.id) > (cp.last_read_at, cp.last_read_message_id))) as unread
    where cp.activity_at > ${now} - ${sql.raw(`interval '${LOOK_BACK_MS} milliseconds'`)}
      and cp.activity_at <= ${now} - ${sql.raw(`interval '${CHAT_NOTICE_QUIET_MS} milliseconds'`)}
      and unread.count > 0
      and (cp.notified_at is null
        or (cp.notified_at <= ${now} - ${sql.raw(`interval '${CHAT_NOTICE_EVERY_MS} milliseconds'`)} and unread.latest > cp.notified_at))
    limit ${NOTICES_BATCH}`;
}

/** The prepared statements of the chat domain, built once per database. */
export class ChatStatements {
  /** A page of the viewer's chats, and one of them. */
  readonly page: PreparedStatement<SummaryRow>;
  readonly one: PreparedStatement<SummaryRow>;
  readonly history: PreparedStatement<MessageRow>;
  readonly partners: PreparedStatement<PartnerRow>;
  readonly unread: PreparedStatement<{ total: number }>;
  readonly noticesDue: PreparedStatement<NoticeRow>;

  constructor(db: Database) {
    this.page = prepareStatement(db, 'chat_summaries_page', chatSummariesStatement('page'));
    this.one = prepareStatement(db, 'chat_summary_one', chatSummariesStatement('one'));
    this.history = prepareStatement(db, 'chat_history', historyStatement());
    this.partners = prepareStatement(db, 'chat_partners', chatPartnersStatement());
    this.unread = prepareStatement(db, 'chat_unread_total', unreadTotalStatement());
    this.noticesDue = prepareStatement(db, 'chat_notices_due', noticesDueStatement());
  }
}
