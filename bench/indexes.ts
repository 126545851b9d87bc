/**
 * Drops or restores the feed's order index (chosen from the EXPLAIN findings in RESULTS.md,
 * and part of the schema since), on the bench database only, to measure without and with it.
 *
 *   node --import tsx bench/indexes.ts add|drop [--database-url URL | --data-dir DIR]
 */
import { describeTarget, openTarget, targetFromArgs } from './target.js';

/**
 * The feed lists every visible post newest first: without an index in that order PostgreSQL
 * computes the access level of all posts and sorts them; with it, it walks the newest posts
 * and stops once the page is full.
 */
const MEASURED_INDEXES = { posts_publish_idx: 'create index if not exists posts_publish_idx on posts (publish_at desc, id desc)' };

async function main(): Promise<void> {
  const action = process.argv[2];
  if (action !== 'add' && action !== 'drop') throw new Error('usage: bench/indexes.ts add|drop [--database-url URL | --data-dir DIR]');
  const target = targetFromArgs();
  const { database, session } = await openTarget(target);
  try {
    for (const [name, definition] of Object.entries(MEASURED_INDEXES)) {
      await session.run(action === 'add' ? definition : `drop index if exists ${name}`);
      console.log(`${action === 'add' ? 'added' : 'dropped'} ${name} on ${describeTarget(target)}`);
    }
    await session.run('analyze posts');
  } finally {
    session.release();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
