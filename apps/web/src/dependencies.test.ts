import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Web dependencies point one way: app/ composes features; a feature uses lib/, components/
 * and core, never app/ or another feature; components/ use lib/; lib/ uses neither. The
 * test harness (test/) may reach anything.
 */

const SRC = dirname(fileURLToPath(import.meta.url));

/** The area of a file: `app`, `components`, `lib`, `test`, or `features/<name>`. */
function areaOf(path: string): string {
  const [top = '', feature] = path.split('/');
  return top === 'features' && feature ? `features/${feature}` : top;
}

function forbidden(from: string, to: string): boolean {
  if (from === to || from === 'test' || to === 'test') return false;
  if (from.startsWith('features/')) return to === 'app' || to.startsWith('features/');
  if (from === 'components') return to === 'app' || to.startsWith('features/');
  if (from === 'lib') return to !== 'lib';
  return false;
}

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every import of one area by another that the rules forbid, as "importer -> imported" (paths from src/). */
function dependencyViolations(files: ReadonlyMap<string, string>): string[] {
  const violations: string[] = [];
  for (const [file, source] of files) {
    for (const [, specifier = ''] of source.matchAll(SPECIFIER)) {
      const target = relative(SRC, resolve(SRC, dirname(file), specifier));
      if (forbidden(areaOf(file), areaOf(target))) violations.push(`${file} -> ${target}`);
    }
  }
  return violations;
}

/** The file an import names, among `files` (its extension or index left out), or undefined. */
function importedFile(files: ReadonlyMap<string, string>, importer: string, specifier: string): string | undefined {
  const target = relative(SRC, resolve(SRC, dirname(importer), specifier));
  return [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`].find((path) => files.has(path));
}

/** Every circle of imports (static or lazy) between modules, each as its modules in import order. */
function importCycles(files: ReadonlyMap<string, string>): string[][] {
  const edges = new Map<string, string[]>();
  for (const [file, source] of files) {
    const targets = [...source.matchAll(SPECIFIER)].flatMap(([, specifier = '']) => importedFile(files, file, specifier) ?? []);
    edges.set(file, targets);
  }
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (file: string, path: string[]) => {
    const index = path.indexOf(file);
    if (index >= 0) {
      cycles.push(path.slice(index));
      return;
    }
    if (done.has(file)) return;
    for (const target of edges.get(file) ?? []) visit(target, [...path, file]);
    done.add(file);
  };
  for (const file of files.keys()) visit(file, []);
  return cycles;
}

function sourceFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(SRC, path), readFileSync(path, 'utf8'));
  }
  return files;
}

describe('web dependencies', () => {
  it('point one way: features use lib/, components/ and core, never app/ or each other', () => {
    expect(dependencyViolations(sourceFiles(SRC))).toEqual([]);
  });

  it('run on React itself: nothing imports Preact, its compatibility layer or its server renderer', () => {
    const preact = [...sourceFiles(SRC)].filter(([, source]) => /['"]preact(?:\/[\w/-]+|-render-to-string)?['"]/.test(source));
    expect(preact.map(([file]) => file)).toEqual([]);
  });

  it('form no circle: no module imports, even lazily, one that imports it back', () => {
    expect(importCycles(sourceFiles(SRC))).toEqual([]);
  });

  it('catches a circle of imports, a lazy one included', () => {
    const files = new Map([
      ['lib/pwa/app-update.ts', "const worker = () => import('./service-worker');"],
      ['lib/pwa/service-worker.ts', "import { waitingUpdate } from './app-update';"],
      ['lib/paths.ts', "import { ROUTES } from './routes';"],
      ['lib/routes.ts', 'export const ROUTES = [];'],
    ]);
    expect(importCycles(files)).toEqual([['lib/pwa/app-update.ts', 'lib/pwa/service-worker.ts']]);
  });

  it('catches a feature reaching into another, into app/, and shared code reaching up', () => {
    const files = new Map([
      ['features/home/HomePage.tsx', "import { FollowButton } from '../follows/FollowButton';\nimport { paths } from '../../lib/paths';"],
      [
        'features/posts/PostPage.tsx',
        "import { navigateSafely } from '../../app/navigation';\nconst page = () => import('./PostMediaView');",
      ],
      ['components/BackButton.tsx', "import { useSignedInUser } from '../features/auth/current-user';"],
      ['lib/follow.ts', "import { setError } from '../components/error-store';"],
      ['app/routes.ts', "const page = () => import('../features/home/HomePage');"],
      ['features/home/home.test.tsx', "import { renderApp } from '../../test/render-app';"],
    ]);
    expect(dependencyViolations(files)).toEqual([
      'features/home/HomePage.tsx -> features/follows/FollowButton',
      'features/posts/PostPage.tsx -> app/navigation',
      'components/BackButton.tsx -> features/auth/current-user',
      'lib/follow.ts -> components/error-store',
    ]);
  });
});
