import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder. This module sits one level below it both as source
 * (src/paths.ts) and once compiled into dist/main.js, so folders found from here (the
 * migrations, the web app's build) are the same whichever of the two runs.
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
