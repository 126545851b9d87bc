/**
 * The server's render of a phone's home page (`.server/home.mjs` of a web build, as the server
 * loads it): the first render after a start, in a new Node process each time, and the warm
 * renders after it. Each render draws the page for one member from the same answers, a feed of
 * 20 posts (text, photos, locked), the way the server does for each such request.
 *
 *   npm run build && node --import tsx bench/home-render.ts [--starts 5] [--warm 300]
 *     [--dist apps/web/dist] [--baseline-dist <another build's dist>] [--baseline-name Preact]
 *
 * With --baseline-dist, the starts of the two builds alternate in the same run.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FeedItem } from '@aurum/core';
import { lockedPost, makeMedia, makePost } from '../apps/web/src/test/post-fixtures.js';
import { makeUser } from '../apps/web/src/test/user-fixtures.js';
import { ROOT } from './compiled-server.js';
import { argument } from './target.js';

type RenderHomeDocument = (template: string, answers: { me: unknown; feed: unknown }) => Promise<string | null>;

interface StartResult {
  /** Importing the render's module, ms. */
  load: number;
  /** The first render after the import, ms. */
  first: number;
  /** Every warm render after it, ms. */
  warm: number[];
  bytes: number;
}

/** A member's feed as the API answers it: 20 posts of one creator, text, photos and locked ones. */
function feedAnswer() {
  const items: FeedItem[] = Array.from({ length: 20 }, (_, index) => {
    const id = `p${index}`;
    const post =
      index % 3 === 2
        ? lockedPost({ id })
        : makePost({
            id,
            text: `Studio notes ${index}: gold leaf, a new frame and the morning light on the canvas.`,
            media: index % 3 === 1 ? [makeMedia({ urls: { thumb: `/api/posts/${id}/media/0/thumb?v=1` } })] : [],
          });
    return { ...post, sneakPeek: false };
  });
  return { items, nextCursor: 'next' };
}

/** In a child process: one start, measured. */
async function measureOneStart(dist: string, warmRenders: number): Promise<StartResult> {
  const serverDir = path.join(dist, '.server');
  const template = await readFile(path.join(serverDir, 'home.html'), 'utf8');
  const answers = { me: makeUser({ publicName: 'Ada Lovelace' }), feed: feedAnswer() };
  const loadStart = performance.now();
  const { renderHomeDocument } = (await import(pathToFileURL(path.join(serverDir, 'home.mjs')).href)) as {
    renderHomeDocument: RenderHomeDocument;
  };
  const firstStart = performance.now();
  const html = await renderHomeDocument(template, answers);
  const first = performance.now() - firstStart;
  if (!html?.includes('Studio notes 0')) throw new Error(`${dist} rendered no feed`);
  const warm: number[] = [];
  for (let i = 0; i < warmRenders; i += 1) {
    const start = performance.now();
    await renderHomeDocument(template, answers);
    warm.push(performance.now() - start);
  }
  return { load: firstStart - loadStart, first, warm, bytes: html.length };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const ms = (value: number) => value.toFixed(1);

async function main() {
  const warmRenders = Number(argument('warm') ?? 300);
  if (argument('child') !== undefined) {
    process.stdout.write(JSON.stringify(await measureOneStart(argument('child') as string, warmRenders)));
    return;
  }
  const starts = Number(argument('starts') ?? 5);
  const builds = [{ name: 'this build', dist: path.resolve(argument('dist') ?? path.join(ROOT, 'apps/web/dist')) }];
  const baseline = argument('baseline-dist');
  if (baseline) builds.push({ name: argument('baseline-name') ?? 'baseline', dist: path.resolve(baseline) });
  const results = new Map<string, StartResult[]>(builds.map((build) => [build.name, []]));
  for (let start = 0; start < starts; start += 1) {
    for (const build of builds) {
      const output = execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'bench/home-render.ts'), '--child', build.dist, '--warm', String(warmRenders)],
        { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
      );
      results.get(build.name)?.push(JSON.parse(output) as StartResult);
    }
  }
  console.log(`Home render of a phone's home page: ${starts} starts, ${warmRenders} warm renders after each\n`);
  console.log('| build | module import ms (median) | first render ms (each start) | warm p50 ms | warm p90 ms | warm p99 ms | page KiB |');
  console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: |');
  for (const [name, runs] of results) {
    const warm = runs.flatMap((run) => run.warm);
    console.log(
      `| ${name} | ${ms(
        quantile(
          runs.map((run) => run.load),
          0.5,
        ),
      )} | ${runs.map((run) => ms(run.first)).join(', ')} | ${ms(quantile(warm, 0.5))} | ${ms(quantile(warm, 0.9))} | ${ms(
        quantile(warm, 0.99),
      )} | ${((runs[0]?.bytes ?? 0) / 1024).toFixed(1)} |`,
    );
  }
}

await main();
