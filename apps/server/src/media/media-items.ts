import { BLURRED_DERIVATIVES, DERIVATIVE_KINDS, type DerivativeKind, type MediaKind, type PostMedia } from '@aurum/core';
import { type SQL, sql } from 'drizzle-orm';
import { DERIVATIVE_KEY_COLUMNS, media } from '../db/schema.js';

/** A media item as a list statement brings it (`mediaItemsJson`): its row, its place, and which derivatives exist. */
export type StoredMediaItem = {
  position: number;
  mediaId: string;
  kind: string;
  status: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  placeholder: string | null;
} & Record<DerivativeKind, boolean>;

/**
 * The media attached to one row (a post, a message) as a json array in position order, for a
 * list statement to select per row instead of a statement per row. `links` is a subquery of that
 * row's links, with columns `position` and `media_id`. `revealed`, when given, is the viewer's
 * access in SQL: where it is false only the blurred derivatives show as existing, so the statement
 * itself never names the others to a viewer who may not fetch them.
 */
export function mediaItemsJson(links: SQL, revealed?: SQL<boolean>): SQL<StoredMediaItem[]> {
  const blurred = (kind: DerivativeKind) => (BLURRED_DERIVATIVES as readonly DerivativeKind[]).includes(kind);
  // Which derivatives exist, as json_build_object pairs: 'thumb', thumb_key is not null, ...
  const derivatives = DERIVATIVE_KINDS.map((kind) =>
    revealed && !blurred(kind)
      ? sql`'${sql.raw(kind)}', (${media[DERIVATIVE_KEY_COLUMNS[kind]]} is not null and coalesce(${revealed}, false))`
      : sql`'${sql.raw(kind)}', ${media[DERIVATIVE_KEY_COLUMNS[kind]]} is not null`,
  );
  return sql<StoredMediaItem[]>`(select coalesce(json_agg(json_build_object('position', link.position, 'mediaId', ${media.id},
      'kind', ${media.kind}, 'status', ${media.status}, 'width', ${media.width}, 'height', ${media.height},
      'durationMs', ${media.durationMs}, 'placeholder', ${media.placeholder}, ${sql.join(derivatives, sql`, `)})
      order by link.position), '[]')
    from ${links} as link join ${media} on ${media.id} = link.media_id)`;
}

/**
 * A media item as the API shows it: its shape and placeholder always, and the URLs of the
 * derivatives that exist and that `urlFor` gives this viewer (none until the item is ready).
 */
export function mediaItemForViewer(item: StoredMediaItem, urlFor: (kind: DerivativeKind) => string | null): PostMedia {
  const urls: PostMedia['urls'] = {};
  if (item.status === 'ready') {
    for (const kind of DERIVATIVE_KINDS) {
      const url = item[kind] ? urlFor(kind) : null;
      if (url) urls[kind] = url;
    }
  }
  return {
    position: item.position,
    kind: item.kind as MediaKind,
    status: item.status,
    width: item.width,
    height: item.height,
    durationMs: item.durationMs,
    placeholder: item.placeholder,
    urls,
  };
}
