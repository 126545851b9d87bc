import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** The app's source files, without tests. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Lines of code (not comments) that show a word the product spells otherwise: the API's fields keep their names. */
function misspelt(word: RegExp, allowed: RegExp): string[] {
  return sources().flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ line, where: `${relative(SRC, file)}:${index + 1}` }))
      .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line) && word.test(line.replace(allowed, '')))
      .map(({ where }) => where),
  );
}

describe('the words the app shows', () => {
  it('spell "canceled" one way (American, like the dates and prices)', () => {
    expect(misspelt(/cancelled/i, /\.cancelled\b|\bcancelled(At)?:/g)).toEqual([]);
  });
});
