import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { charges, chats, messages, plans, profiles, tips } from '../db/schema.js';

export interface PaymentHistoryRow {
  id: string;
  kind: string;
  status: string;
  amount_minor: number;
  currency: string;
  creator_id: string;
  handle: string | null;
  public_name: string | null;
  avatar_color: string;
  avatar_media_id: string | null;
  plan_name: string | null;
  post_id: string | null;
  chat_id: string | null;
  tip_message: string | null;
  refund_of: string | null;
  refunded: boolean;
  failure_message: string | null;
  created_at: string;
}

const bound = {
  viewer: sql.placeholder('viewer'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};

/**
 * The member's payments, newest first (charges_user_created_idx), each with whom it paid and
 * what for: the plan, the post (a paid post, or a tip on one), the chat (a paid message, or a
 * tip given there: the pair's one chat), and whether a refund gave it back.
 */
const history = sql`select c.id, c.kind, c.status, c.amount_minor, c.currency, c.creator_id,
    pr.handle, pr.public_name, pr.avatar_color, pr.avatar_media_id,
    pl.name as plan_name,
    coalesce(c.post_id, t.post_id) as post_id,
    coalesce(m.chat_id, case when t.place = 'chat' then (select ch.id from ${chats} as ch
      where ch.user_low = least(c.user_id, c.creator_id) and ch.user_high = greatest(c.user_id, c.creator_id)) end) as chat_id,
    t.message as tip_message, c.refund_of,
    exists (select 1 from ${charges} as r where r.refund_of = c.id and r.status = 'succeeded') as refunded,
    c.failure_message,
    to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
  from ${charges} as c
    join ${profiles} as pr on pr.user_id = c.creator_id
    left join ${plans} as pl on pl.id = c.plan_id
    left join ${tips} as t on t.charge_id = c.id
    left join ${messages} as m on m.id = c.message_id
  where c.user_id = ${bound.viewer}
    and (${bound.cursorKey}::timestamptz is null or (c.created_at, c.id) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text))
  order by c.created_at desc, c.id desc
  limit ${bound.limit}`;

/** The prepared statements of a member's payments, built once per database. */
export class PaymentsStatements {
  readonly history: PreparedStatement<PaymentHistoryRow>;

  constructor(db: Database) {
    this.history = prepareStatement(db, 'payments_history', history);
  }
}
