import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Server dependencies point one way. Domains use the shared areas and core; the shared areas
 * import no domain, and no two domains import each other, directly or round a circle. Only the
 * composition root imports every service, and nothing imports it back.
 *
 * Tables are the one exception: each domain's `tables.ts` is a part of the one schema, so a table
 * may reference another domain's table, the shared areas may read any table, and db/schema.ts
 * re-exports them all. Importing a table is therefore no dependency between domains; a tables
 * module, in turn, imports only tables and db/. The test harness (apps/server/test/) may reach anything.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const CORE = resolve(SRC, '../../../packages/core/src');

const SHARED_AREAS = new Set(['access', 'bus', 'config', 'db', 'http', 'integrations', 'realtime', 'sessions']);
const COMPOSITION_ROOT = new Set(['app.ts', 'app-context.ts', 'main.ts', 'services.ts']);

/** The area of a path from src/: its top folder, `root` for a file beside this one, `outside` beyond src/. */
function areaOf(path: string): string {
  if (path.startsWith('..')) return 'outside';
  const [top = '', ...rest] = path.split('/');
  return rest.length > 0 ? top : 'root';
}

const isDomain = (area: string) => !SHARED_AREAS.has(area) && area !== 'root' && area !== 'outside';
const isTables = (path: string) => /^tables(?:\.[jt]s)?$/.test(basename(path));

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every relative import of every file, as [importer, imported] with both paths from `root`. */
function imports(files: ReadonlyMap<string, string>, root = SRC): [string, string][] {
  return [...files].flatMap(([file, source]) =>
    [...source.matchAll(SPECIFIER)].map(([, specifier = '']): [string, string] => [
      file,
      relative(root, resolve(root, dirname(file), specifier)),
    ]),
  );
}

function forbidden(from: string, to: string): boolean {
  const [fromArea, toArea] = [areaOf(from), areaOf(to)];
  if (fromArea === 'outside' || toArea === 'outside') return false;
  if (COMPOSITION_ROOT.has(to.replace(/\.js$/, '.ts'))) return fromArea !== 'root';
  if (isTables(from)) return !isTables(to) && toArea !== 'db';
  return SHARED_AREAS.has(fromArea) && isDomain(toArea) && !isTables(to);
}

/** Every import the rules forbid, as "importer -> imported" (paths from src/). */
function dependencyViolations(files: ReadonlyMap<string, string>): string[] {
  return imports(files)
    .filter(([file, target]) => forbidden(file, target))
    .map(([file, target]) => `${file} -> ${target}`);
}

/** Every circle in a directed graph, each as its nodes in order from where the walk entered it. */
function circles(edges: ReadonlyMap<string, Iterable<string>>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const visit = (node: string, path: string[]) => {
    const index = path.indexOf(node);
    if (index >= 0) {
      found.push(path.slice(index));
      return;
    }
    if (done.has(node)) return;
    for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
    done.add(node);
  };
  for (const node of edges.keys()) visit(node, []);
  return found;
}

/** Every circle of domains, each domain reaching the next through a module other than its tables. */
function domainCircles(files: ReadonlyMap<string, string>): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, target] of imports(files)) {
    const [fromArea, toArea] = [areaOf(file), areaOf(target)];
    if (fromArea === toArea || !isDomain(fromArea) || !isDomain(toArea) || isTables(target)) continue;
    edges.set(fromArea, (edges.get(fromArea) ?? new Set()).add(toArea));
  }
  return circles(edges);
}

/** Every circle of modules (static or lazy imports). */
function moduleCircles(files: ReadonlyMap<string, string>): string[][] {
  const edges = new Map<string, string[]>();
  for (const [file, target] of imports(files)) {
    const module = [target, target.replace(/\.js$/, '.ts'), `${target}.ts`, `${target}/index.ts`].find((path) => files.has(path));
    if (module) edges.set(file, [...(edges.get(file) ?? []), module]);
  }
  return circles(edges);
}

/** Every import of core's that leaves the core package (into the server or anywhere else). */
function coreEscapes(files: ReadonlyMap<string, string>): string[] {
  const escapes = imports(files, CORE).filter(([, target]) => target.startsWith('..'));
  const serverByName = [...files].filter(([, source]) => /['"]@aurum\/server['"/]/.test(source));
  return [...escapes.map(([file, target]) => `${file} -> ${target}`), ...serverByName.map(([file]) => `${file} -> @aurum/server`)];
}

function sourceFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), readFileSync(path, 'utf8'));
  }
  return files;
}

describe('server dependencies', () => {
  it('point one way: shared areas import no domain but its tables, tables import tables, nothing imports the composition root', () => {
    expect(dependencyViolations(sourceFiles(SRC))).toEqual([]);
  });

  it('form no circle of domains: no domain imports one that imports it back, directly or through others', () => {
    expect(domainCircles(sourceFiles(SRC))).toEqual([]);
  });

  it('form no circle of modules, a lazy import included', () => {
    expect(moduleCircles(sourceFiles(SRC))).toEqual([]);
  });

  it('leave core pure: core imports nothing of the server', () => {
    expect(coreEscapes(sourceFiles(CORE))).toEqual([]);
  });

  it('catches a shared area reaching into a domain, a tables module reaching a service, and the composition root imported', () => {
    const files = new Map([
      ['http/errors.ts', "import type { UsersService } from '../users/service.js';"],
      ['db/prepared.ts', "const cards = () => import('../posts/post-cards.js');"],
      ['db/schema.ts', "export * from '../users/tables.js';"],
      ['sessions/tables.ts', "import { userReference } from '../users/tables.js';"],
      ['posts/tables.ts', "import { createdAt } from '../db/columns.js';\nimport { mediaUrl } from '../media/media-urls.js';"],
      ['chat/service.ts', "import type { Services } from '../services.js';\nimport { charges } from '../db/schema.js';"],
      ['app.ts', "import { buildServices } from './services.js';"],
      ['posts/posts.integration.test.ts', "import { startTestServer } from '../../test/test-server.js';"],
    ]);
    expect(dependencyViolations(files)).toEqual([
      'http/errors.ts -> users/service.js',
      'db/prepared.ts -> posts/post-cards.js',
      'posts/tables.ts -> media/media-urls.js',
      'chat/service.ts -> services.js',
    ]);
  });

  it('catches a circle of domains, however long, but not one through tables', () => {
    const files = new Map([
      ['payments/routes.ts', "import type { DisputesService } from '../disputes/service.js';"],
      ['disputes/service.ts', "import type { ChargesService } from '../payments/charges.js';"],
      ['ledger/tables.ts', "import { payouts } from '../payouts/tables.js';"],
      ['payouts/payouts.ts', "import type { Ledger } from '../ledger/ledger.js';"],
      ['chat/service.ts', "import { blocked } from '../blocks/service.js';"],
      ['blocks/service.ts', "import { follows } from '../follows/service.js';"],
      ['follows/routes.ts', "const chat = () => import('../chat/unread.js');"],
    ]);
    expect(domainCircles(files)).toEqual([
      ['payments', 'disputes'],
      ['chat', 'blocks', 'follows'],
    ]);
  });

  it('catches a circle of modules and core importing the server', () => {
    const modules = new Map([
      ['ledger/tables.ts', "import { payouts } from '../payouts/tables.js';"],
      ['payouts/tables.ts', "import { ledgerEntries } from '../ledger/tables.js';"],
    ]);
    expect(moduleCircles(modules)).toEqual([['ledger/tables.ts', 'payouts/tables.ts']]);
    const core = new Map([
      ['access.ts', "import { errors } from '../../../apps/server/src/http/errors.js';\nimport { money } from './money.js';"],
      ['money.ts', "import type { Charge } from '@aurum/server/payments';"],
    ]);
    expect(coreEscapes(core)).toEqual(['access.ts -> ../../../apps/server/src/http/errors.js', 'money.ts -> @aurum/server']);
  });
});
