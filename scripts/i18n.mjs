#!/usr/bin/env node
// The web app's translations (FormatJS: react-intl's messages, its CLI's extraction and checks).
//   node scripts/i18n.mjs extract   writes apps/web/lang/en.json from the messages in the code
//   node scripts/i18n.mjs check     fails when en.json is not what the code says, a shipped language
//                                   misses a message or breaks one (other arguments, a broken ICU
//                                   message), an id is not a dotted name, or a component shows text
//                                   that is not a message (outside the files still to translate)
//   node scripts/i18n.mjs pending   lists the components that still show text of their own
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'oxc-parser';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps/web');
const SRC = path.join(WEB, 'src');
const LANG = path.join(WEB, 'lang');
const PENDING_FILE = path.join(WEB, 'i18n-pending.txt');
const FORMATJS = path.join(ROOT, 'node_modules/.bin/formatjs');
const ID_SHAPE = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/;
/** Attributes whose text people read or hear. */
const READ_ATTRIBUTES = new Set(['label', 'title', 'placeholder', 'alt', 'aria-label', 'aria-description', 'helperText', 'subheader']);

/** The app's source files, without tests and test helpers. */
function sources(dir = SRC) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function extractTo(outFile) {
  execFileSync(FORMATJS, ['extract', ...sources(), '--out-file', outFile, '--throws'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

const hasWords = (text) => /\p{L}{2,}/u.test(text);

/** Text a component shows without a message: JSX text, read attributes, strings standing as children. */
function literalsIn(file) {
  const code = readFileSync(file, 'utf8');
  const { program } = parseSync(file, code);
  const found = [];
  const lineOf = (node) => code.slice(0, node.start).split('\n').length;
  const add = (node, text) => found.push(`${path.relative(SRC, file)}:${lineOf(node)}: ${JSON.stringify(text.trim().slice(0, 60))}`);
  /** A string shown as it is: a literal, a template's text, either branch of a condition. */
  const shown = (node) => {
    if (!node) return;
    if (node.type === 'Literal' && typeof node.value === 'string' && hasWords(node.value)) add(node, node.value);
    else if (node.type === 'TemplateLiteral') {
      for (const quasi of node.quasis) if (hasWords(quasi.value.cooked ?? '')) add(quasi, quasi.value.cooked);
    } else if (node.type === 'ConditionalExpression') {
      shown(node.consequent);
      shown(node.alternate);
    } else if (node.type === 'LogicalExpression') shown(node.right);
  };
  const visit = (node) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (node.type === 'JSXText' && hasWords(node.value)) add(node, node.value);
    if (node.type === 'JSXAttribute' && READ_ATTRIBUTES.has(node.name?.name)) {
      shown(node.value?.type === 'JSXExpressionContainer' ? node.value.expression : node.value);
    }
    if ((node.type === 'JSXElement' || node.type === 'JSXFragment') && node.children) {
      for (const child of node.children) if (child.type === 'JSXExpressionContainer') shown(child.expression);
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'parent' && value && typeof value === 'object') visit(value);
  };
  visit(program);
  return found;
}

const pendingFiles = () =>
  readFileSync(PENDING_FILE, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

function check() {
  const problems = [];
  // The catalog is what the code says.
  const scratch = mkdtempSync(path.join(tmpdir(), 'aurum-i18n-'));
  try {
    const extracted = path.join(scratch, 'en.json');
    extractTo(extracted);
    const expected = JSON.parse(readFileSync(extracted, 'utf8'));
    const committed = JSON.parse(readFileSync(path.join(LANG, 'en.json'), 'utf8'));
    if (JSON.stringify(expected) !== JSON.stringify(committed)) {
      problems.push('apps/web/lang/en.json is not what the code says: run `npm run i18n:extract` and translate what changed');
    }
    for (const id of Object.keys(expected))
      if (!ID_SHAPE.test(id)) problems.push(`message id "${id}" is not a dotted name (feature.screen.message)`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  // Every shipped language has every message, with the same arguments and tags.
  try {
    const catalogs = readdirSync(LANG).map((name) => path.join(LANG, name));
    execFileSync(FORMATJS, ['verify', '--source-locale', 'en', '--missing-keys', '--extra-keys', '--structural-equality', ...catalogs], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    problems.push(`the translations do not match English:\n${error.stderr?.toString() || error.stdout?.toString() || error.message}`);
  }
  // No component shows text of its own, but those still to translate, and that list only shrinks.
  const pending = new Set(pendingFiles());
  for (const file of sources()) {
    const relative = path.relative(SRC, file);
    const literals = literalsIn(file);
    if (pending.has(relative)) {
      if (literals.length === 0) problems.push(`${relative} shows no text of its own any more: take it off apps/web/i18n-pending.txt`);
      pending.delete(relative);
    } else problems.push(...literals.map((literal) => `text that is not a message: ${literal}`));
  }
  for (const gone of pending) problems.push(`${gone} is on apps/web/i18n-pending.txt but is not in the app`);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log('translations: every message extracted and translated, no text outside messages');
}

const command = process.argv[2];
if (command === 'extract') extractTo(path.join(LANG, 'en.json'));
else if (command === 'check') check();
else if (command === 'pending') {
  for (const file of sources()) if (literalsIn(file).length > 0) console.log(path.relative(SRC, file));
} else {
  console.error('usage: node scripts/i18n.mjs extract | check | pending');
  process.exit(2);
}
