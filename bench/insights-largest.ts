/**
 * The insights views of the largest creators, read from the daily rows (asked in the stored
 * zone, UTC in the seed) and from the source rows (asked as Etc/UTC: the same days, another
 * zone name, so the statements take the source branch). Milliseconds per view, median of 5.
 *
 *   node --import tsx bench/insights-largest.ts [--database aurum_bench] [--creators 3]
 */
import { InsightsService } from '../apps/server/src/insights/service.js';
import { InsightsStatements } from '../apps/server/src/insights/statements.js';
import { Ledger } from '../apps/server/src/ledger/ledger.js';
import { argument, openTarget, targetFromArgs } from './target.js';

const creators = Number(argument('creators') ?? 3);
const { database, session } = await openTarget(targetFromArgs());
try {
  const rows = await session.rows<{ creator_id: string; subscriptions: number }>(
    'select creator_id, count(*)::int as subscriptions from subscriptions group by 1 order by 2 desc limit $1',
    [creators],
  );
  const now = () => new Date();
  const ledger = new Ledger({ db: database.db, now, holdDays: 7 });
  const insights = new InsightsService({
    db: database.db,
    now,
    statements: new InsightsStatements(database.db),
    platformFeeBasisPoints: 2000,
    balancesOf: (creatorId) => ledger.balances(database.db, creatorId),
  });
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log('| creator subscriptions | view | range | daily rows ms | source rows ms |\n| ---: | --- | --- | ---: | ---: |');
  for (const { creator_id: creatorId, subscriptions } of rows) {
    const viewer = { userId: creatorId, labels: ['creators'] };
    for (const view of ['earnings', 'subscribers'] as const) {
      for (const range of ['30d', '12m'] as const) {
        const timed: Record<string, number[]> = { UTC: [], 'Etc/UTC': [] };
        for (let run = 0; run < 5; run++) {
          for (const tz of ['UTC', 'Etc/UTC']) {
            const started = performance.now();
            await insights[view](viewer as never, creatorId, { range, tz });
            timed[tz]?.push(performance.now() - started);
          }
        }
        console.log(
          `| ${subscriptions} | ${view} | ${range} | ${median(timed.UTC ?? []).toFixed(1)} | ${median(timed['Etc/UTC'] ?? []).toFixed(1)} |`,
        );
      }
    }
  }
} finally {
  session.release();
  await database.close();
}
