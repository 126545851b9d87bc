/**
 * The server's own services on a drizzle instance that records every statement it sends, so
 * the benchmark can time and EXPLAIN exactly the SQL the feed, profile, Explore and like code builds.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { type Database, type DatabaseHandle, schema } from '../apps/server/src/db/database.js';
import { ExploreService } from '../apps/server/src/explore/service.js';
import { ExploreStatements } from '../apps/server/src/explore/statements.js';
import { FeedService } from '../apps/server/src/feed/service.js';
import { LikesService } from '../apps/server/src/likes/service.js';
import { LikesStatements } from '../apps/server/src/likes/statements.js';
import { PlansService } from '../apps/server/src/plans/service.js';
import { PostCardStatements, PostCards } from '../apps/server/src/posts/post-cards.js';
import { PostsService } from '../apps/server/src/posts/service.js';
import { ProfilesService } from '../apps/server/src/profiles/service.js';
import { ProfilesStatements } from '../apps/server/src/profiles/statements.js';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

export interface InstrumentedServices {
  feed: FeedService;
  posts: PostsService;
  likes: LikesService;
  profiles: ProfilesService;
  explore: ExploreService;
  /** Runs `work` and answers the statements it sent, in the order they were sent. */
  capture<T>(work: () => Promise<T>): Promise<{ result: T; queries: CapturedQuery[] }>;
}

export function instrumentedServices(database: DatabaseHandle): InstrumentedServices {
  let sink: CapturedQuery[] | null = null;
  const logger = { logQuery: (sql: string, params: unknown[]) => void sink?.push({ sql, params }) };
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  const db = (database.driver === 'postgres'
    ? drizzlePg(client as pg.Pool, { schema, logger })
    : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Database;
  const now = () => new Date();
  const cards = new PostCards({ now, statements: new PostCardStatements(db) });
  const posts = new PostsService({ db, now, plans: new PlansService({ db, now }), cards });
  return {
    feed: new FeedService({ cards }),
    posts,
    likes: new LikesService({ now, statements: new LikesStatements(db) }),
    profiles: new ProfilesService({ db, statements: new ProfilesStatements(db) }),
    explore: new ExploreService({ statements: new ExploreStatements(db) }),
    async capture(work) {
      sink = [];
      try {
        const result = await work();
        return { result, queries: sink };
      } finally {
        sink = null;
      }
    },
  };
}

/**
 * A short name for a statement of a feed page: the posts query (with the access level CASE,
 * from the `visible_posts` subquery) or the table a follow-up query reads.
 */
export function queryLabel(sql: string): string {
  if (sql.includes('"visible_posts"')) return 'posts';
  const table = /from "(\w+)"/.exec(sql)?.[1] ?? 'other';
  return { post_media: 'media of the posts', plans: 'unlock offers', likes: 'like counts' }[table] ?? table;
}
