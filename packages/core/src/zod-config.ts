import { z } from 'zod';

// Zod tries eval while it builds object schemas, to compile faster parsers. In the browser the
// server's Content-Security-Policy forbids eval (each try is reported as a violation), so it is
// told not to. Every module here takes `z` from this one, so this runs before any schema is
// built, in whichever chunk the web build puts it, and only when some schema is used.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
