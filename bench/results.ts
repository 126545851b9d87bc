import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './compiled-server.js';

export const RESULTS_FILE = path.join(ROOT, 'bench/RESULTS.md');

/** Puts `section` (starting with its `heading`) in RESULTS.md in place of the previous run's, or at the end the first time. */
export function replaceResultsSection(heading: string, section: string): void {
  const current = readFileSync(RESULTS_FILE, 'utf8');
  const start = current.indexOf(`${heading}\n`);
  const end = start === -1 ? -1 : current.indexOf('\n## ', start + heading.length);
  const updated =
    start === -1 ? `${current.trimEnd()}\n\n${section}` : `${current.slice(0, start)}${section}${end === -1 ? '' : current.slice(end + 1)}`;
  writeFileSync(RESULTS_FILE, updated);
}
