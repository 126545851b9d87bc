import { DERIVATIVE_KINDS } from '@aurum/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import {
  DERIVATIVE_KEY_COLUMNS,
  massMessageMedia,
  media,
  messageMedia,
  messages,
  postMedia,
  posts,
  profiles,
  supportMessages,
  vaultFolderItems,
  vaultFolders,
} from '../db/schema.js';

export interface VaultItemRow {
  id: string;
  kind: string;
  mime: string;
  status: string;
  size_bytes: number;
  original_name: string | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  placeholder: string | null;
  created_at: string;
  derivatives: Record<string, boolean>;
  posts: number;
  messages: number;
  mass_messages: number;
  profile: boolean;
  folder_ids: string[];
}

export interface VaultFolderRow {
  id: string;
  name: string;
  count: number;
  created_at: string;
}

const bound = {
  owner: sql.placeholder('owner'),
  kind: sql.placeholder('kind'),
  use: sql.placeholder('use'),
  folder: sql.placeholder('folder'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Where an item is used, each an indexed count by the item's id (`m` the media row). */
const usesOf = {
  posts: sql`(select count(*)::integer from ${postMedia} as pm join ${posts} as p on p.id = pm.post_id and p.deleted_at is null
    where pm.media_id = m.id)`,
  messages: sql`(select count(*)::integer from ${messageMedia} as mm join ${messages} as msg on msg.id = mm.message_id
    where mm.media_id = m.id and msg.removed_at is null and msg.mass_message_id is null)`,
  massMessages: sql`(select count(*)::integer from ${massMessageMedia} as x     where x.media_id = m.id)`,
  profile: sql`exists (select 1 from ${profiles} as pr where pr.user_id = m.owner_id and (pr.avatar_media_id = m.id or pr.cover_media_id = m.id))`,
};

/** The use filter: null for every item; `unused` for items nothing shows. */
const useFilter: SQL = sql`(${bound.use}::text is null
  or (${bound.use}::text = 'posts' and ${usesOf.posts} > 0)
  or (${bound.use}::text = 'messages' and ${usesOf.messages} > 0)
  or (${bound.use}::text = 'mass_messages' and ${usesOf.massMessages} > 0)
  or (${bound.use}::text = 'unused' and ${usesOf.posts} = 0 and ${usesOf.messages} = 0 and ${usesOf.massMessages} = 0 and not ${usesOf.profile}))`;

const derivativesJson = sql.join(
  DERIVATIVE_KINDS.map((kind) => sql`'${sql.raw(kind)}', m.${sql.raw(columnOf(kind))} is not null`),
  sql`, `,
);

function columnOf(kind: (typeof DERIVATIVE_KINDS)[number]): string {
  return media[DERIVATIVE_KEY_COLUMNS[kind]].name;
}

const itemColumns = sql`m.id, m.kind, m.mime, m.status, m.size_bytes, m.original_name, m.width, m.height, m.duration_ms, m.placeholder,
    ${iso('m.created_at')} as created_at, json_build_object(${derivativesJson}) as derivatives,
    ${usesOf.posts} as posts, ${usesOf.messages} as messages, ${usesOf.massMessages} as mass_messages, ${usesOf.profile} as profile,
    array(select fi.folder_id from ${vaultFolderItems} as fi where fi.media_id = m.id order by fi.folder_id) as folder_ids`;

/** A screenshot sent to support is the ticket's, not content of the creator's: the vault neither shows nor deletes it. */
export function notSupportScreenshotSql(mediaId: SQL): SQL {
  return sql`not exists (select 1 from ${supportMessages} as sm where sm.screenshot_media_id = ${mediaId})`;
}
const notSupportScreenshot = notSupportScreenshotSql(sql`m.id`);

/** One of the owner's items with its uses, read in the caller's transaction. */
export function vaultItemSql(ownerId: string, mediaId: string): SQL {
  return sql`select ${itemColumns} from ${media} as m where m.id = ${mediaId} and m.owner_id = ${ownerId} and ${notSupportScreenshot}`;
}

/** The owner's items, newest first, filtered by kind, use and folder (nullable placeholders: one statement for every filter). */
const page = sql`select ${itemColumns}
  from ${media} as m
  where m.owner_id = ${bound.owner} and ${notSupportScreenshot}
    and (${bound.kind}::text is null or m.kind = ${bound.kind}::text)
    and (${bound.folder}::text is null or exists (select 1 from ${vaultFolderItems} as fi where fi.folder_id = ${bound.folder}::text and fi.media_id = m.id))
    and ${useFilter}
    and (${bound.cursorKey}::timestamptz is null or (m.created_at, m.id) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text))
  order by m.created_at desc, m.id desc
  limit ${bound.limit}`;

const folders = sql`select f.id, f.name, ${iso('f.created_at')} as created_at,
    (select count(*)::integer from ${vaultFolderItems} as fi where fi.folder_id = f.id) as count
  from ${vaultFolders} as f where f.owner_id = ${bound.owner}
  order by lower(f.name), f.id`;

/** The prepared statements of the vault, built once per database. */
export class VaultStatements {
  readonly page: PreparedStatement<VaultItemRow>;
  readonly folders: PreparedStatement<VaultFolderRow>;

  constructor(db: Database) {
    this.page = prepareStatement(db, 'vault_page', page);
    this.folders = prepareStatement(db, 'vault_folders', folders);
  }
}
