// Only this test needs Node: it reads the sources whose convention it checks.
/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOG, ERROR_TYPES, type ErrorType, errorSpec } from './errors.js';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const specs = Object.entries(ERROR_CATALOG);
const types = new Set<string>(specs.map(([, spec]) => spec.type));

/** Source files under a folder of the repository, tests and test helpers left out: they speak the wire format on purpose. */
function sources(folder: string): { file: string; lines: string[] }[] {
  const root = path.join(repo, folder);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('test'))
    .map((file) => ({ file: path.join(folder, file), lines: readFileSync(path.join(root, file), 'utf8').split('\n') }));
}

/** Lines matching `pattern`, as `file:line: text`. */
function offending(files: { file: string; lines: string[] }[], pattern: (line: string, file: string) => boolean): string[] {
  return files.flatMap(({ file, lines }) =>
    lines.flatMap((line, index) => (pattern(line, file) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('the error catalog', () => {
  it('gives every type once, in snake case, with an error status and a message', () => {
    expect(types.size).toBe(specs.length);
    for (const [name, spec] of specs) {
      expect(spec.type, name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(Number.isInteger(spec.status) && spec.status >= 400 && spec.status <= 599, name).toBe(true);
      expect(spec.message.trim(), name).not.toBe('');
    }
  });

  it('names every type in ERROR_TYPES and finds every spec by its type', () => {
    expect(Object.keys(ERROR_TYPES)).toEqual(Object.keys(ERROR_CATALOG));
    for (const [name, spec] of specs) {
      expect(ERROR_TYPES[name as keyof typeof ERROR_TYPES]).toBe(spec.type);
      expect(errorSpec(spec.type as ErrorType)).toBe(spec);
    }
  });
});

describe('the error convention', () => {
  const server = sources('apps/server/src');

  it('has the server make every error through `errors` in http/errors.ts, never with an inline status or type', () => {
    const home = path.join('apps/server/src', 'http', 'errors.ts');
    // A literal status or type as the first argument, also in the constructors of AppError's subclasses.
    const literalFirst = (line: string) =>
      [...line.matchAll(/\b(?:AppError|super)\(\s*(?:(\d)|(['"`])([a-z_]+)\2)/g)].some((match) => match[1] || types.has(match[3] ?? ''));
    const inline = (line: string, file: string) => (file !== home && /\bnew AppError\(/.test(line)) || literalFirst(line);
    expect(offending(server, inline)).toEqual([]);
  });

  // The web names a type as a string that isApiError's parameter (ErrorType) checks at compile
  // time; the catalog's values would bring every message into the browser's first load.
  it('keeps the catalog out of the web: types are named as strings the compiler checks', () => {
    const catalogValue = (line: string) => /\b(ERROR_TYPES|ERROR_CATALOG|errorSpec)\b/.test(line);
    expect(offending(sources('apps/web/src'), catalogValue)).toEqual([]);
  });
});
