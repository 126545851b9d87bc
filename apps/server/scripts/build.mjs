// Compiles the server to one ES module, apps/server/dist/main.js, so production runs plain
// JavaScript. npm packages stay external and resolve from node_modules at run time; the
// workspace package @aurum/core ships TypeScript sources, so it is bundled in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@aurum/'));

await build({
  entryPoints: [path.join(serverRoot, 'src/main.ts')],
  outfile: path.join(serverRoot, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
