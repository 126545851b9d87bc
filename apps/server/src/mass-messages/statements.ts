import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { charges, chatParticipants, ledgerEntries, massMessageMedia, massMessages, messages, messageUnlocks } from '../db/schema.js';

export interface MassMessageRow {
  id: string;
  creator_id: string;
  body: string;
  price_minor: number | null;
  currency: string | null;
  include: string[];
  exclude: string[];
  status: string;
  send_at: string;
  created_at: string;
  sent_at: string | null;
  unsent_at: string | null;
  recipient_count: number | null;
  delivered_count: number;
  media_count: number;
}

export interface MassMessageDetailsRow extends MassMessageRow {
  read: number;
  bought: number;
  earned_minor: number;
}

const bound = {
  id: sql.placeholder('id'),
  creator: sql.placeholder('creator'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const columns = sql`mm.id, mm.creator_id, mm.body, mm.price_minor, mm.currency, mm.include, mm.exclude, mm.status,
  ${iso('mm.send_at')} as send_at, ${iso('mm.created_at')} as created_at, ${iso('mm.sent_at')} as sent_at,
  ${iso('mm.unsent_at')} as unsent_at, mm.recipient_count, mm.delivered_count,
  (select count(*)::integer from ${massMessageMedia} as item where item.mass_message_id = mm.id) as media_count`;

/**
 * What came of a mass message, read from its copies: read (the recipient's read position is at or
 * past it), bought, and earned (the creator's entries on its payments, with their refunds' and disputes').
 */
const outcome = sql`(select count(*)::integer from ${messages} as copy
      join ${chatParticipants} as cp on cp.chat_id = copy.chat_id and cp.user_id <> copy.sender_id
    where copy.mass_message_id = mm.id and copy.removed_at is null
      and (cp.last_read_at, cp.last_read_message_id) >= (copy.created_at, copy.id)) as read,
  (select count(*)::integer from ${messageUnlocks} as mu join ${messages} as copy on copy.id = mu.message_id
    where copy.mass_message_id = mm.id) as bought,
  (select coalesce(sum(le.amount_minor), 0)::integer from ${messages} as copy
      join ${charges} as paid on paid.message_id = copy.id and paid.kind = 'paid_message'
      cross join lateral (select paid.id union all select refund.id from ${charges} as refund where refund.refund_of = paid.id) as counted(charge_id)
      join ${ledgerEntries} as le on le.charge_id = counted.charge_id and le.kind like 'creator_earning%'
    where copy.mass_message_id = mm.id) as earned_minor`;

/** The prepared statements of mass messages, built once per database. */
export class MassMessageStatements {
  /** The creator's mass messages, newest first. */
  readonly page: PreparedStatement<MassMessageRow>;
  /** One mass message by id, whoever's (the caller checks). */
  readonly one: PreparedStatement<MassMessageRow>;
  /** One of the creator's mass messages with its outcome. */
  readonly details: PreparedStatement<MassMessageDetailsRow>;

  constructor(db: Database) {
    this.page = prepareStatement(
      db,
      'mass_messages_page',
      sql`select ${columns} from ${massMessages} as mm
        where mm.creator_id = ${bound.creator}
          and (${bound.cursorKey}::timestamptz is null or (mm.created_at, mm.id) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text))
        order by mm.created_at desc, mm.id desc
        limit ${bound.limit}`,
    );
    this.one = prepareStatement(db, 'mass_messages_one', sql`select ${columns} from ${massMessages} as mm where mm.id = ${bound.id}`);
    this.details = prepareStatement(
      db,
      'mass_messages_details',
      sql`select ${columns}, ${outcome} from ${massMessages} as mm where mm.id = ${bound.id} and mm.creator_id = ${bound.creator}`,
    );
  }
}
