import {
  type AccessLevel,
  type CreatorSummary,
  type Currency,
  mayFetchDerivative,
  type PlanOffer,
  POST_TEASER_CHARS,
  type Post,
  type PostMedia,
  postTeaser,
  ROLE,
  revealsContent,
  SEEN_RECORDS_LIMIT,
  unlockOffer,
} from '@aurum/core';
import { type SQL, sql } from 'drizzle-orm';
import { hasRoleSql } from '../access/access.js';
import type { Database } from '../db/database.js';
import { type Bound, type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { blocks, likes, plans, posts, profiles, seenRecords, users } from '../db/schema.js';
import { tipsEnabledSql } from '../db/tips-enabled.js';
import { ABOVE_EVERY_TIME, keysetPage, keysetStart, type PageRequest, timeKey } from '../http/page-cursor.js';
import { mediaItemForViewer, type StoredMediaItem } from '../media/media-items.js';
import { postMediaUrl, profileImageUrl } from '../media/media-urls.js';
import { cheapestFirst } from '../plans/service.js';
import {
  entitlementsIn,
  entitlementsRow,
  postAccessLevelSql,
  REVEALING_LEVELS_SQL,
  visiblePostOfSql,
  visiblePostSql,
} from './access-sql.js';

/** The access levels a viewer can be shown a post at. */
export type VisibleLevel = Exclude<AccessLevel, 'hidden'>;

/** The values every post cards statement runs with; each list adds its own. */
const bound = {
  viewer: sql.placeholder('viewer'),
  now: sql.placeholder('now'),
  limit: sql.placeholder('limit'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  creatorId: sql.placeholder('creatorId'),
  postId: sql.placeholder('postId'),
  peekLimit: sql.placeholder('peekLimit'),
  peekScan: sql.placeholder('peekScan'),
};

/** Sneak-peek candidates come from this many times as many of the newest posts listing 'sneakpeek'. */
const PEEK_SCAN_FACTOR = 2;

/** The posts after the cursor, newest first; the row comparison is an index condition of posts_publish_idx. */
const afterCursor = sql`(${posts.publishAt}, ${posts.id}) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text)`;
/**
 * Per statement, once: the viewer's entitlements (those concerning `ofCreator` only, when all
 * posts are that creator's), latest seen posts (SEEN_RECORDS_LIMIT) and blocked users.
 */
// Materialized: a CTE read once is otherwise inlined, and each use of an entitlement array
// becomes its own copy of the subquery (fourteen for a creator's posts, in EXPLAIN).
const viewerRelations = (
  ofCreator?: Bound<string>,
) => sql`with ent as materialized (${entitlementsRow(bound.viewer, bound.now, ofCreator)}),
  seen as (select ${seenRecords.entityId} as id, ${seenRecords.locked} as locked from ${seenRecords}
    where ${seenRecords.userId} = ${bound.viewer} and ${seenRecords.type} = 'post'
    order by ${seenRecords.createdAt} desc, ${seenRecords.entityId} desc limit ${SEEN_RECORDS_LIMIT}),
  blocked as (select ${blocks.blockedUserId} as id from ${blocks} where ${blocks.userId} = ${bound.viewer})`;
/** The viewer's entitlements, as every part reads them from the statement's `ent` row. */
const fans = entitlementsIn('ent');

/**
 * Which levels a list keeps (`keeps`, on the part's row `v`): every level the viewer may be shown,
 * or those that reveal content and the locked posts sold on their own by creators the viewer
 * follows or subscribes to (the feed's: shown locked with their price). `reads` is what the filter
 * needs of a post beyond the card's columns, computed only in the parts that filter with it.
 */
interface LevelFilter {
  keeps: SQL;
  reads?: SQL;
}
const notHidden: LevelFilter = { keeps: sql`v.level <> 'hidden'` };
const onlySneakPeeks: LevelFilter = { keeps: sql`v.level = 'sneakpeek'` };
const revealingOrOnSale: LevelFilter = {
  keeps: sql`(v.level in (${REVEALING_LEVELS_SQL}) or (v.level = 'locked' and v.on_sale_to_fan))`,
  reads: sql`${posts.priceMinor} is not null and (${posts.creatorId} = any(${fans.followed}) or ${posts.creatorId} = any(${fans.subscribedCreators})) as on_sale_to_fan`,
};
/**
 * `not in` a CTE makes PostgreSQL hash it once per statement. The feed's own posts leave out only
 * those whose content was shown; a sneak peek is not offered again once seen at all.
 */
const contentUnseen = sql`${posts.id} not in (select id from seen where not locked)`;
const unseen = sql`${posts.id} not in (select id from seen)`;
const unblocked = sql`${posts.creatorId} not in (select id from blocked)`;

/**
 * A list of one creator's posts (bound.creatorId): what depends on the creator is read once per
 * statement, not per row, and only the viewer's entitlements to that creator.
 */
const ofOneCreator = { visible: visiblePostOfSql(bound.creatorId), creator: bound.creatorId };

/**
 * One part of a post cards statement: the posts matching `where` whose level passes
 * `levelFilter`, newest first. Text is cut down to what the level allows inside the query (a
 * sneak peek gets one character past the teaser, to know it goes on), and disabled creators'
 * posts never come out (`visible`). `source` stands in for the posts table (it must be called
 * posts), for a part that narrows the candidates first. The creators' profiles are joined in
 * `cardsStatement`, to the page only: joined here, before the limit, a generic plan that
 * misjudged the rows compared every candidate with every profile.
 */
function cardsPart(
  part: 'page' | 'peek',
  where: SQL,
  levelFilter: LevelFilter,
  limit: Bound<number>,
  { source = sql`${posts}`, visible = visiblePostSql }: { source?: SQL; visible?: SQL } = {},
): SQL {
  return sql`(select ${part}::text as part, v.id, v.creator_id, v.access, v.price_minor, v.currency, v.publish_at, v.level, v.like_count, v.media_items,
      case when v.level in (${REVEALING_LEVELS_SQL}) then v.text when v.level = 'sneakpeek' then left(v.text, ${POST_TEASER_CHARS + 1}) end as text
    from (select ${posts.id} as id, ${posts.creatorId} as creator_id, ${posts.access} as access,
            ${posts.priceMinor} as price_minor, ${posts.currency} as currency, ${posts.publishAt} as publish_at,
            ${posts.text} as text, ${posts.likeCount} as like_count, ${posts.mediaItems} as media_items, ${postAccessLevelSql(bound.viewer, bound.now, fans)} as level${levelFilter.reads ? sql`, ${levelFilter.reads}` : sql``}
          from ${source}, ent where ${visible} and ${where}) v
    where ${levelFilter.keeps}
    order by v.publish_at desc, v.id desc limit ${limit})`;
}

/**
 * The whole statement: the parts, then per post its media (kept on the post), like count, the
 * viewer's like, whether its creator takes tips (a creator still, their tip settings) and, for
 * locked posts, the creator's offered plans (cheapest first), each aggregated into the row so a
 * page is one round trip. `ofCreator` is the one creator a list is about, if it is about one: the
 * entitlements, tip settings and offers are then that creator's, read once.
 */
function cardsStatement(parts: SQL[], ofCreator?: Bound<string>): SQL {
  const creatorOf = ofCreator ?? sql`c.creator_id`;
  return sql`${viewerRelations(ofCreator)}
    select c.part, c.id, c.creator_id, c.access, c.price_minor, c.currency, c.level, c.text,
      ${profiles.handle}, ${profiles.publicName} as public_name, ${profiles.avatarColor} as avatar_color, ${profiles.avatarMediaId} as avatar_media_id,
      (extract(epoch from c.publish_at) * 1000)::float8 as publish_ms,
      c.like_count as likes,
      exists (select 1 from ${likes} where ${likes.postId} = c.id and ${likes.userId} = ${bound.viewer}) as liked,
      c.media_items as media,
      (select ${hasRoleSql(users.labels, ROLE.creators)} and ${tipsEnabledSql(users.id)} from ${users} where ${users.id} = ${creatorOf}) as takes_tips,
      case when c.level not in (${REVEALING_LEVELS_SQL}) then
        (select coalesce(json_agg(json_build_object('id', ${plans.id}, 'name', ${plans.name}, 'priceMinor', ${plans.priceMinor}, 'currency', ${plans.currency})
            order by ${sql.join(cheapestFirst, sql`, `)}), '[]')
          from ${plans} where ${plans.creatorId} = ${creatorOf} and ${plans.active})
      end as offers
    from (${sql.join(parts, sql` union all `)}) c
    join ${profiles} on ${profiles.userId} = c.creator_id
    order by c.part, c.publish_at desc, c.id desc`;
}

/** The feed's own posts: published, after the cursor, within `scope` (their content revealed, or on sale to a fan: see `revealingOrOnSale`). */
const feedWhere = (scope: SQL) => sql`${posts.publishAt} <= ${bound.now} and ${afterCursor} and ${scope}`;

/** The feed's own posts leave out seen ones, unless the member asked for the earlier posts too. */
const unseenUnless = (withSeen: boolean) => (withSeen ? sql`true` : contentUnseen);

/** One creator's posts in the feed, without sneak peeks. */
const feedOfCreatorStatement = (withSeen: boolean) =>
  cardsStatement(
    [
      cardsPart(
        'page',
        feedWhere(sql`${posts.creatorId} = ${bound.creatorId} and ${unseenUnless(withSeen)} and ${unblocked}`),
        revealingOrOnSale,
        bound.limit,
        { visible: ofOneCreator.visible },
      ),
    ],
    ofOneCreator.creator,
  );

/**
 * The feed's page and its sneak-peek candidates: the newest posts listing 'sneakpeek' (only those
 * can be at that level), through posts_sneakpeek_publish_idx; of those, the ones at level
 * sneakpeek for this viewer. Bounding the walk keeps its cost fixed, whatever the viewer subscribes to.
 */
function feedStatement(withSeen: boolean): SQL {
  const newestListingPeeks = sql`(select * from ${posts} where 'sneakpeek' = any(${posts.access}) and ${visiblePostSql}
    and ${posts.publishAt} <= ${bound.now} and ${unseen} and ${unblocked}
    order by ${posts.publishAt} desc, ${posts.id} desc limit ${bound.peekScan}) as posts`;
  const peeks = cardsPart('peek', sql`true`, onlySneakPeeks, bound.peekLimit, { source: newestListingPeeks });
  return cardsStatement([
    cardsPart('page', feedWhere(sql`${unseenUnless(withSeen)} and ${unblocked}`), revealingOrOnSale, bound.limit),
    peeks,
  ]);
}

/** A sneak-peek candidate of the feed, made into a card only if it is picked. */
export interface PeekCandidate {
  id: string;
  card(): Post;
}

interface CardRow {
  part: 'page' | 'peek';
  id: string;
  creator_id: string;
  access: string[];
  price_minor: number | null;
  currency: string | null;
  level: VisibleLevel;
  text: string | null;
  handle: string | null;
  public_name: string | null;
  avatar_color: string;
  avatar_media_id: string | null;
  publish_ms: number;
  likes: number;
  liked: boolean;
  media: StoredMediaItem[];
  takes_tips: boolean;
  offers: PlanOffer[] | null;
}

/**
 * The post cards statements, one per list that sends post cards, built once per database: the
 * `XStatements` shape, kept beside the card's SQL rather than in a `statements.ts` because the
 * posts domain and the feed share them (a card is the same wherever it is listed).
 */
export class PostCardStatements {
  /** One post. */
  readonly one: PreparedStatement<CardRow>;
  /** A creator's posts at every level the viewer may see (the owner's scheduled and private ones included). */
  readonly byCreator: PreparedStatement<CardRow>;
  /** The feed's page and its sneak-peek candidates; `withSeen`: the seen posts too. */
  readonly feed: PreparedStatement<CardRow>;
  readonly feedWithSeen: PreparedStatement<CardRow>;
  /** The feed of one creator; `withSeen`: the seen posts too. */
  readonly feedOfCreator: PreparedStatement<CardRow>;
  readonly feedOfCreatorWithSeen: PreparedStatement<CardRow>;

  constructor(db: Database) {
    const ofCreator = sql`${posts.creatorId} = ${bound.creatorId} and ${afterCursor}`;
    this.one = prepareStatement(db, 'post_card', cardsStatement([cardsPart('page', sql`${posts.id} = ${bound.postId}`, notHidden, 1)]));
    this.byCreator = prepareStatement(
      db,
      'post_cards_by_creator',
      cardsStatement([cardsPart('page', ofCreator, notHidden, bound.limit, { visible: ofOneCreator.visible })], ofOneCreator.creator),
      { mayLag: true },
    );
    this.feed = prepareStatement(db, 'feed', feedStatement(false), { mayLag: true });
    this.feedWithSeen = prepareStatement(db, 'feed_with_seen', feedStatement(true), { mayLag: true });
    this.feedOfCreator = prepareStatement(db, 'feed_of_creator', feedOfCreatorStatement(false), { mayLag: true });
    this.feedOfCreatorWithSeen = prepareStatement(db, 'feed_of_creator_with_seen', feedOfCreatorStatement(true), {
      mayLag: true,
    });
  }
}

/**
 * Post cards, the shape every post list and the post page send: one prepared statement per
 * list that resolves the viewer's entitlements once (see access-sql.ts) and brings each post
 * with its media, likes and unlock offer. Post lists page by (publish time, id), starting above
 * every post (scheduled ones included) so one statement serves every page.
 */
export class PostCards {
  constructor(private readonly deps: { now: () => Date; statements: PostCardStatements }) {}

  /** One post as this viewer may see it, or null when it is hidden or gone. */
  async one(viewerId: string, postId: string): Promise<Post | null> {
    const rows = await this.run(this.deps.statements.one, { viewer: viewerId, postId });
    return rows[0] ? this.toPost(rows[0]) : null;
  }

  /** A page of a creator's posts at every level the viewer may see, newest first. */
  async byCreator(viewerId: string, creatorId: string, page: PageRequest): Promise<{ items: Post[]; nextCursor: string | null }> {
    const rows = await this.run(this.deps.statements.byCreator, {
      viewer: viewerId,
      creatorId,
      ...keysetStart(page, timeKey, ABOVE_EVERY_TIME),
    });
    return keysetPage(
      rows.map((row) => this.toPost(row)),
      page.limit,
      postKey,
    );
  }

  /**
   * The feed's own posts (published, content revealed, unseen unless `seen` is `include`,
   * unblocked; one creator's when `creatorId` is given) and, without a creator, `peekLimit` of
   * the newest sneak-peek candidates, each built into a card only when `card` is called (a page
   * shows a few of them).
   */
  async feed(
    viewerId: string,
    query: PageRequest & { creatorId?: string | undefined; seen?: 'hide' | 'include' | undefined; peekLimit: number },
  ): Promise<{ items: Post[]; nextCursor: string | null; peeks: PeekCandidate[] }> {
    const { statements } = this.deps;
    const withSeen = query.seen === 'include';
    const values = { viewer: viewerId, ...keysetStart(query, timeKey, ABOVE_EVERY_TIME) };
    const rows = query.creatorId
      ? await this.run(withSeen ? statements.feedOfCreatorWithSeen : statements.feedOfCreator, { ...values, creatorId: query.creatorId })
      : await this.run(withSeen ? statements.feedWithSeen : statements.feed, {
          ...values,
          peekLimit: query.peekLimit,
          peekScan: query.peekLimit * PEEK_SCAN_FACTOR,
        });
    const items: Post[] = [];
    const peeks: PeekCandidate[] = [];
    for (const row of rows) {
      if (row.part === 'page') items.push(this.toPost(row));
      else peeks.push({ id: row.id, card: () => this.toPost(row) });
    }
    return { ...keysetPage(items, query.limit, postKey), peeks };
  }

  private run(statement: PreparedStatement<CardRow>, values: Record<string, unknown>): Promise<CardRow[]> {
    return statement.run({ now: this.deps.now(), ...values });
  }

  private toPost(row: CardRow): Post {
    const locked = !revealsContent(row.level);
    const creator: CreatorSummary = {
      userId: row.creator_id,
      handle: row.handle,
      publicName: row.public_name,
      avatarColor: row.avatar_color,
      avatarUrl: profileImageUrl(row.creator_id, 'avatar', row.avatar_media_id),
    };
    const publishAt = new Date(row.publish_ms);
    const price =
      row.price_minor !== null && row.currency !== null ? { amountMinor: row.price_minor, currency: row.currency as Currency } : null;
    return {
      id: row.id,
      creator,
      publishAt: publishAt.toISOString(),
      status: publishAt > this.deps.now() ? 'scheduled' : 'published',
      access: row.access,
      price,
      accessLevel: row.level,
      locked,
      text: locked ? null : row.text,
      teaser: row.level === 'sneakpeek' && row.text ? postTeaser(row.text) : null,
      media: row.media.map((item) => toPostMedia(row.id, item, row.level)),
      unlock: locked ? unlockOffer({ creatorId: row.creator_id, access: row.access, price }, row.offers ?? []) : null,
      likes: row.likes,
      liked: row.liked,
      takesTips: row.takes_tips,
    };
  }
}

const postKey = (post: Post) => [post.publishAt, post.id];

/** A media item with the URLs of the derivatives this level may fetch. */
function toPostMedia(postId: string, item: StoredMediaItem, level: AccessLevel): PostMedia {
  const shown = mediaItemForViewer(item, (kind) =>
    mayFetchDerivative(level, kind) ? postMediaUrl(postId, item.position, kind, item.mediaId) : null,
  );
  // The owner edits single items by their ids; nobody else learns them.
  return level === 'owner' ? { ...shown, mediaId: item.mediaId } : shown;
}
