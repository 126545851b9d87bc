import { z } from 'zod';

// Zod tries eval while it builds object schemas, to compile faster parsers. In the browser the
// server's Content-Security-Policy forbids eval (each try is reported as a violation), so it is
// told not to; this module runs before any schema here is built. The server keeps the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });
