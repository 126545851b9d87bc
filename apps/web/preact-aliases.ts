import type { Alias } from 'vite';

/**
 * React's API served by Preact (`preact/compat`, which presents itself as React 19): the same
 * components at a tenth of React DOM's weight, so a page's first load fits its budget on a cheap
 * phone. The build and the unit tests both use it, so the tests run what ships.
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
