import { type BrowserContext, test as base, expect } from '@playwright/test';

/** What Chromium logs when a page breaks the server's Content-Security-Policy or Permissions-Policy. */
const POLICY_MESSAGE = /Content Security Policy|Permissions-Policy/i;
/**
 * What React logs when the app could not take a server-rendered page over as it was drawn (a
 * hydration mismatch): the production build's error codes for it, and the words of a development build.
 */
const HYDRATION_MESSAGE = /Minified React error #(418|419|421|422|423|425)\b|hydrat/i;

/** Reports every CSP violation a page sees as a console error, which the watch below collects. */
function reportViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` : '';
    console.error(`Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'}${where}`);
  });
}

let contexts = 0;
/**
 * A client address of its own for each browser context (the server trusts the proxy header in
 * the journeys): each context is a person on their own connection, so the per-address limits
 * (sign-in codes) count per person as they do in production, not for the whole suite at once.
 * The people a journey signs up through the API get one each too (support/scene.ts).
 */
export const ownAddress = () => {
  contexts += 1;
  return `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${(contexts % 250) + 1}`;
};

/**
 * The journeys' `test`: fails a test when any page of it, in any browser context it opens,
 * reports a security policy violation, so the app is known to work under the server's headers,
 * or a hydration error or warning, so every server-rendered page is taken over as drawn.
 * Each context also gets its own client address (above).
 */
export const test = base.extend<{ securityPolicyWatch: undefined }>({
  securityPolicyWatch: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      // The calls to each context, awaited before the test ends: one still on its way when the test
      // ends (a test skipped at once, with contexts left open by an earlier test) fails the worker.
      const calls: Promise<unknown>[] = [];
      const watch = (context: BrowserContext) => {
        context.on('console', (message) => {
          const text = message.text();
          if (POLICY_MESSAGE.test(text) || (HYDRATION_MESSAGE.test(text) && ['error', 'warning'].includes(message.type())))
            violations.push(`${message.page()?.url() ?? 'a worker'}: ${text}`);
        });
        // React reports a recoverable error (a mismatch it repaired by drawing anew) as uncaught.
        context.on('weberror', (error) => {
          if (HYDRATION_MESSAGE.test(error.error().message))
            violations.push(`${error.page()?.url() ?? 'a worker'}: ${error.error().message}`);
        });
        calls.push(context.addInitScript(reportViolations), context.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() }));
      };
      for (const context of browser.contexts()) watch(context);
      await Promise.allSettled(calls);
      browser.on('context', watch);
      await use(undefined);
      browser.off('context', watch);
      await Promise.allSettled(calls);
      expect(violations, 'security policy violations and hydration errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
