/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements behind the benchmarked endpoints, exactly as the
 * services build them: the feed page (its posts and its sneak-peek candidates), the most
 * followed creator's profile page and posts, Explore (a search, the popular order) and a like
 * (access check, insert and count in one statement). The like runs in a transaction that is
 * rolled back, so the data set stays as seeded.
 *
 *   node --import tsx bench/explain.ts [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--viewer 1]
 */
import { createHash } from 'node:crypto';
import { type CapturedQuery, instrumentedServices } from './capture.js';
import { argument, BENCH_USER_AGENT, describeTarget, openTarget, type SqlSession, targetFromArgs, VIEWER_TOKEN_PREFIX } from './target.js';

async function explain(sql: SqlSession, title: string, query: CapturedQuery | undefined, options = { rollback: false }): Promise<void> {
  if (!query) throw new Error(`${title}: the statement was not sent`);
  if (options.rollback) await sql.run('begin');
  try {
    const plan = await sql.rows<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.params);
    console.log(`\n## ${title}\n\n${query.sql}\n`);
    for (const row of plan) console.log(row['QUERY PLAN']);
  } finally {
    if (options.rollback) await sql.run('rollback');
  }
}

async function main(): Promise<void> {
  const target = targetFromArgs();
  const viewerIndex = Number(argument('viewer') ?? 1);
  const { database, session } = await openTarget(target);
  try {
    const services = instrumentedServices(database);
    const tokenHash = createHash('sha256').update(`${VIEWER_TOKEN_PREFIX}${viewerIndex}`).digest('hex');
    const [viewer] = await session.rows<{ user_id: string }>('select user_id from sessions where id = $1 and user_agent = $2', [
      tokenHash,
      BENCH_USER_AGENT,
    ]);
    if (!viewer) throw new Error(`no benchmark viewer ${viewerIndex}: run bench/seed.ts first`);
    const viewerId = viewer.user_id;
    const [popular] = await session.rows<{ creator_id: string }>(
      'select creator_id from follows group by creator_id order by count(*) desc limit 1',
    );
    const [post] = await session.rows<{ id: string }>(
      `select id from posts where 'public' = any(access) and deleted_at is null and publish_at <= now()
         and not exists (select 1 from likes where post_id = posts.id and user_id = $1)
       order by publish_at desc limit 1`,
      [viewerId],
    );
    if (!popular || !post) throw new Error('the data set has no follows or no public posts');
    console.log(`# EXPLAIN on ${describeTarget(target)}, viewer ${viewerIndex} (${viewerId})`);

    const feed = (await services.capture(() => services.feed.page(viewerId, { limit: 20 }))).queries;
    await explain(session, 'Feed: the whole page, sneak peeks included (GET /api/feed)', feed[0]);

    const profile = (await services.capture(() => services.posts.listByCreator(viewerId, popular.creator_id, { limit: 20 }))).queries;
    await explain(session, `Profile posts of the most followed creator (GET /api/users/${popular.creator_id}/posts)`, profile[0]);

    const page = (await services.capture(() => services.profiles.page(popular.creator_id, viewerId))).queries;
    await explain(session, `Profile page of the most followed creator (GET /api/users/${popular.creator_id}/profile-page)`, page[0]);

    const search = (await services.capture(() => services.explore.creators(viewerId, { q: 'creator42', sort: 'new', limit: 20 }))).queries;
    await explain(session, 'Explore: a search (GET /api/creators?q=creator42)', search[0]);
    const popularCreators = (await services.capture(() => services.explore.creators(viewerId, { sort: 'popular', limit: 20 }))).queries;
    await explain(session, 'Explore: most followed first (GET /api/creators?sort=popular)', popularCreators[0]);

    const like = (await services.capture(() => services.likes.like(viewerId, post.id))).queries;
    await services.likes.unlike(viewerId, post.id);
    await explain(session, `Like: access level, insert and count (PUT /api/posts/${post.id}/like)`, like[0], { rollback: true });
  } finally {
    session.release();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
