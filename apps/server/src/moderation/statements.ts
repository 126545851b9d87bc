import { type ReportTargetKind, ROLE } from '@aurum/core';
import { sql } from 'drizzle-orm';
import { hasRoleSql } from '../access/access.js';
import type { Database } from '../db/database.js';
import { messageMediaLinks } from '../db/message-media.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { messages, moderationNotices, posts, profiles, reports, users } from '../db/schema.js';
import { mediaItemsJson, type StoredMediaItem } from '../media/media-items.js';

/**
 * The admin and member lists of the moderation domain, one statement each with placeholders,
 * prepared once (`db/prepared.ts`) and paged by keyset (`http/page-cursor.ts`). Timestamps come
 * back as text, as the driver gives them.
 */

const bound = {
  viewer: sql.placeholder('viewer'),
  target: sql.placeholder('target'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};
const afterCursor = (time: string, id: string) =>
  sql`(${bound.cursorKey}::timestamptz is null or (${sql.raw(time)}, ${sql.raw(id)}) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text))`;

const EXCERPT_CHARS = 200;

/** The author columns every admin view shows, from `u` (users) and `pr` (profiles). */
const authorColumns = sql`u.id as author_id, pr.handle as author_handle, pr.public_name as author_public_name,
  ${hasRoleSql(sql`u.labels`, ROLE.creators)} as author_is_creator,
  u.suspended_at is not null as author_suspended, u.disabled_at is not null as author_banned`;

export interface AuthorRow {
  author_id: string;
  author_handle: string | null;
  author_public_name: string | null;
  author_is_creator: boolean;
  author_suspended: boolean;
  author_banned: boolean;
}

export interface QueueRow extends AuthorRow {
  target_id: string;
  target_kind: string;
  open_reports: number;
  reasons: string[];
  last_reported_at: string;
  excerpt: string | null;
}

/**
 * The admin queue: open reports grouped by target, the most recently reported first. The
 * groups are read through the partial index of open reports; the excerpt is the post's or
 * message's text, or the user's bio.
 */
function queueStatement() {
  return sql`with grouped as (
      select r.target_id, min(r.target_kind) as target_kind, min(r.target_user_id) as target_user_id,
        count(*)::int as open_reports, array_agg(distinct r.reason order by r.reason) as reasons,
        max(r.created_at) as last_reported_at
      from ${reports} as r where r.status = 'open' group by r.target_id
    )
    select g.target_id, g.target_kind, g.open_reports, g.reasons, g.last_reported_at,
      case g.target_kind
        when 'post' then (select left(p.text, ${sql.raw(String(EXCERPT_CHARS))}) from ${posts} as p where p.id = g.target_id)
        when 'message' then (select left(m.body, ${sql.raw(String(EXCERPT_CHARS))}) from ${messages} as m where m.id = g.target_id)
        else left(coalesce(pr.bio, ''), ${sql.raw(String(EXCERPT_CHARS))})
      end as excerpt,
      ${authorColumns}
    from grouped as g
    join ${users} as u on u.id = g.target_user_id
    left join ${profiles} as pr on pr.user_id = u.id
    where ${afterCursor('g.last_reported_at', 'g.target_id')}
    order by g.last_reported_at desc, g.target_id desc
    limit ${bound.limit}`;
}

export interface ReportRow {
  id: string;
  target_kind: string;
  target_id: string;
  reason: string;
  text: string;
  status: string;
  outcome: string | null;
  created_at: string;
  resolved_at: string | null;
}

const reportColumns = sql`r.id, r.target_kind, r.target_id, r.reason, r.text, r.status, r.outcome, r.created_at, r.resolved_at`;

/** The viewer's own reports, newest first. */
function myReportsStatement() {
  return sql`select ${reportColumns} from ${reports} as r
    where r.reporter_id = ${bound.viewer} and ${afterCursor('r.created_at', 'r.id')}
    order by r.created_at desc, r.id desc
    limit ${bound.limit}`;
}

export interface TargetReportRow extends ReportRow {
  reporter_id: string;
  reporter_handle: string | null;
  reporter_public_name: string | null;
}

/** Every report on one target (open and resolved), newest first, with who reported it. */
function targetReportsStatement() {
  return sql`select ${reportColumns}, r.reporter_id, pr.handle as reporter_handle, pr.public_name as reporter_public_name
    from ${reports} as r left join ${profiles} as pr on pr.user_id = r.reporter_id
    where r.target_id = ${bound.target}
    order by r.created_at desc, r.id desc
    limit ${bound.limit}`;
}

/** Every report about one user (on their posts, messages or account), newest first, through `reports_target_user_idx`. */
function reportsAboutUserStatement() {
  return sql`select ${reportColumns}, r.reporter_id, pr.handle as reporter_handle, pr.public_name as reporter_public_name
    from ${reports} as r left join ${profiles} as pr on pr.user_id = r.reporter_id
    where r.target_user_id = ${bound.target}
    order by r.created_at desc, r.id desc
    limit ${bound.limit}`;
}

export interface ContentRow extends AuthorRow {
  text: string;
  created_at: string | null;
  removed_at: string | null;
  removed_reason: string | null;
  chat_id: string | null;
  media: StoredMediaItem[];
}

/**
 * The reported content as an admin sees it, whatever its state: a post (deleted ones too) or a
 * message (removed ones too) with all its media, or a user's profile.
 */
function contentStatement(kind: 'post' | 'message' | 'user') {
  if (kind === 'post') {
    return sql`select p.text, p.created_at, p.deleted_at as removed_at, p.removed_reason, null::text as chat_id,
        p.media_items as media,
        ${authorColumns}
      from ${posts} as p join ${users} as u on u.id = p.creator_id left join ${profiles} as pr on pr.user_id = u.id
      where p.id = ${bound.target}`;
  }
  if (kind === 'message') {
    return sql`select m.body as text, m.created_at, m.removed_at, null::text as removed_reason, m.chat_id,
        ${mediaItemsJson(messageMediaLinks(sql`m`))} as media,
        ${authorColumns}
      from ${messages} as m join ${users} as u on u.id = m.sender_id left join ${profiles} as pr on pr.user_id = u.id
      where m.id = ${bound.target}`;
  }
  return sql`select coalesce(pr.bio, '') as text, u.created_at, null::timestamptz as removed_at, null::text as removed_reason,
      null::text as chat_id, '[]'::json as media, ${authorColumns}
    from ${users} as u left join ${profiles} as pr on pr.user_id = u.id
    where u.id = ${bound.target}`;
}

export interface NoticeRow {
  id: string;
  kind: string;
  message: string;
  reason: string | null;
  post_id: string | null;
  created_at: string;
  read_at: string | null;
  unread: number;
}

/** The viewer's moderation notices, newest first, each row with the unread total. */
function noticesStatement() {
  return sql`select n.id, n.kind, n.message, n.reason, n.post_id, n.created_at, n.read_at,
      (select count(*)::int from ${moderationNotices} as u where u.user_id = ${bound.viewer} and u.read_at is null) as unread
    from ${moderationNotices} as n
    where n.user_id = ${bound.viewer} and ${afterCursor('n.created_at', 'n.id')}
    order by n.created_at desc, n.id desc
    limit ${bound.limit}`;
}

/** The prepared statements of the moderation domain, built once per database. */
export class ModerationStatements {
  readonly queue: PreparedStatement<QueueRow>;
  readonly mine: PreparedStatement<ReportRow>;
  readonly targetReports: PreparedStatement<TargetReportRow>;
  readonly about: PreparedStatement<TargetReportRow>;
  readonly notices: PreparedStatement<NoticeRow>;
  /** A reported target as stored, one statement per kind. */
  readonly content: Record<ReportTargetKind, PreparedStatement<ContentRow>>;

  constructor(db: Database) {
    this.queue = prepareStatement(db, 'moderation_queue', queueStatement());
    this.mine = prepareStatement(db, 'moderation_my_reports', myReportsStatement());
    this.targetReports = prepareStatement(db, 'moderation_target_reports', targetReportsStatement());
    this.about = prepareStatement(db, 'moderation_reports_about_user', reportsAboutUserStatement());
    this.notices = prepareStatement(db, 'moderation_notices', noticesStatement());
    this.content = {
      post: prepareStatement(db, 'moderation_content_post', contentStatement('post')),
      message: prepareStatement(db, 'moderation_content_message', contentStatement('message')),
      user: prepareStatement(db, 'moderation_content_user', contentStatement('user')),
    };
  }
}
