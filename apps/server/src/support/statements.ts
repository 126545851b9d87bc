import { DERIVATIVE_KINDS } from '@aurum/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { DERIVATIVE_KEY_COLUMNS, media, profiles, supportMessages, supportTickets, users } from '../db/schema.js';
import type { StoredMediaItem } from '../media/media-items.js';

/**
 * The support domain's reads, one statement each with placeholders, prepared once
 * (`db/prepared.ts`) and paged by keyset (`http/page-cursor.ts`). Timestamps come back as ISO
 * text in UTC with milliseconds, so a cursor carries them exactly.
 */

const bound = {
  ticket: sql.placeholder('ticket'),
  author: sql.placeholder('author'),
  status: sql.placeholder('status'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};
const iso = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const cursorKey = sql`${bound.cursorKey}::timestamptz`;
const cursorId = sql`${bound.cursorId}::text`;
const noCursor = sql`${bound.cursorKey}::timestamptz is null`;

export interface TicketRow {
  id: string;
  subject: string;
  status: string;
  message_count: number;
  created_at: string;
  last_message_at: string;
  waiting_since: string | null;
  closed_at: string | null;
}

export interface AdminTicketRow extends TicketRow {
  author_id: string;
  author_email: string;
  author_handle: string | null;
  author_public_name: string | null;
}

const ticketColumns = sql`t.id, t.subject, t.status, t.message_count, ${iso(sql`t.created_at`)} as created_at,
  ${iso(sql`t.last_message_at`)} as last_message_at, ${iso(sql`t.waiting_since`)} as waiting_since, ${iso(sql`t.closed_at`)} as closed_at`;
const adminTicketColumns = sql`${ticketColumns}, u.id as author_id, u.email as author_email,
  pr.handle as author_handle, pr.public_name as author_public_name`;
const withAuthor = sql`join ${users} as u on u.id = t.author_id left join ${profiles} as pr on pr.user_id = u.id`;

/** The author's tickets, newest first (`support_tickets_author_idx`). */
const mine = sql`select ${ticketColumns} from ${supportTickets} as t
  where t.author_id = ${bound.author} and (${noCursor} or (t.created_at, t.id) < (${cursorKey}, ${cursorId}))
  order by t.created_at desc, t.id desc
  limit ${bound.limit}`;

/** Open tickets, the one waiting longest first (`support_tickets_waiting_idx`). */
const queueWaiting = sql`select ${adminTicketColumns} from ${supportTickets} as t ${withAuthor}
  where t.status = 'open' and (${noCursor} or (t.waiting_since, t.id) > (${cursorKey}, ${cursorId}))
  order by t.waiting_since, t.id
  limit ${bound.limit}`;

/** Tickets of one status, or all of them (a null status), newest first. */
const queueNewest = sql`select ${adminTicketColumns} from ${supportTickets} as t ${withAuthor}
  where (${bound.status}::text is null or t.status = ${bound.status}::text)
    and (${noCursor} or (t.created_at, t.id) < (${cursorKey}, ${cursorId}))
  order by t.created_at desc, t.id desc
  limit ${bound.limit}`;

/** One ticket of its author's (a null author: any, for admins). */
const oneTicket = sql`select ${adminTicketColumns} from ${supportTickets} as t ${withAuthor}
  where t.id = ${bound.ticket} and (${bound.author}::text is null or t.author_id = ${bound.author}::text)`;

export interface MessageRow {
  id: string;
  from_support: boolean;
  body: string;
  created_at: string;
  writer_id: string | null;
  writer_handle: string | null;
  writer_public_name: string | null;
  screenshot_id: string | null;
  screenshot_kind: string | null;
  screenshot_status: string | null;
  screenshot_width: number | null;
  screenshot_height: number | null;
  screenshot_placeholder: string | null;
  /** Which derivatives of the screenshot exist, as a json object of booleans. */
  screenshot_derivatives: Record<string, boolean> | null;
}

const derivativesJson = sql.join(
  DERIVATIVE_KINDS.map((kind) => sql`'${sql.raw(kind)}', ${media[DERIVATIVE_KEY_COLUMNS[kind]]} is not null`),
  sql`, `,
);

/** A ticket's thread, oldest first (`support_messages_ticket_idx`), each message with its screenshot's row. */
const thread = sql`select sm.id, sm.from_support, sm.body, ${iso(sql`sm.created_at`)} as created_at,
    sm.writer_id, wp.handle as writer_handle, wp.public_name as writer_public_name,
    ${media.id} as screenshot_id, ${media.kind} as screenshot_kind, ${media.status} as screenshot_status,
    ${media.width} as screenshot_width, ${media.height} as screenshot_height, ${media.placeholder} as screenshot_placeholder,
    case when ${media.id} is null then null else json_build_object(${derivativesJson}) end as screenshot_derivatives
  from ${supportMessages} as sm
    left join ${media} on ${media.id} = sm.screenshot_media_id
    left join ${profiles} as wp on wp.user_id = sm.writer_id
  where sm.ticket_id = ${bound.ticket} and (${noCursor} or (sm.created_at, sm.id) > (${cursorKey}, ${cursorId}))
  order by sm.created_at, sm.id
  limit ${bound.limit}`;

/** A screenshot of a ticket's message, for its author (or any ticket's, with a null author, for admins). */
const screenshot = sql`select ${media.id} as media_id, ${media.status} as status
  from ${supportMessages} as sm
    join ${supportTickets} as t on t.id = sm.ticket_id
    join ${media} on ${media.id} = sm.screenshot_media_id
  where sm.id = ${sql.placeholder('message')} and sm.ticket_id = ${bound.ticket}
    and (${bound.author}::text is null or t.author_id = ${bound.author}::text)`;

/** The prepared statements of the support domain, built once per database. */
export class SupportStatements {
  readonly mine: PreparedStatement<TicketRow>;
  readonly queueWaiting: PreparedStatement<AdminTicketRow>;
  readonly queueNewest: PreparedStatement<AdminTicketRow>;
  readonly oneTicket: PreparedStatement<AdminTicketRow>;
  readonly thread: PreparedStatement<MessageRow>;
  readonly screenshot: PreparedStatement<{ media_id: string; status: string }>;

  constructor(db: Database) {
    this.mine = prepareStatement(db, 'support_my_tickets', mine);
    this.queueWaiting = prepareStatement(db, 'support_queue_waiting', queueWaiting);
    this.queueNewest = prepareStatement(db, 'support_queue_newest', queueNewest);
    this.oneTicket = prepareStatement(db, 'support_one_ticket', oneTicket);
    this.thread = prepareStatement(db, 'support_thread', thread);
    this.screenshot = prepareStatement(db, 'support_screenshot', screenshot);
  }
}

/** A thread row's screenshot in the shape the media helpers take. */
export function storedScreenshot(row: MessageRow): StoredMediaItem | null {
  if (!row.screenshot_id || !row.screenshot_derivatives) return null;
  const has = (kind: (typeof DERIVATIVE_KINDS)[number]) => row.screenshot_derivatives?.[kind] === true;
  return {
    position: 0,
    mediaId: row.screenshot_id,
    kind: row.screenshot_kind ?? 'image',
    status: row.screenshot_status ?? 'processing',
    width: row.screenshot_width,
    height: row.screenshot_height,
    durationMs: null,
    placeholder: row.screenshot_placeholder,
    thumb: has('thumb'),
    blur: has('blur'),
    blurThumb: has('blurThumb'),
    poster: has('poster'),
    playable: has('playable'),
  };
}
