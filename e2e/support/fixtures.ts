import { type BrowserContext, test as base, expect } from '@playwright/test';

/** What Chromium logs when a page breaks the server's Content-Security-Policy or Permissions-Policy. */
const POLICY_MESSAGE = /Content Security Policy|Permissions-Policy/i;

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
 */
const ownAddress = () => {
  contexts += 1;
  return `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${(contexts % 250) + 1}`;
};

/**
 * The journeys' `test`: fails a test when any page of it, in any browser context it opens,
 * reports a security policy violation, so the app is known to work under the server's headers.
 * Each context also gets its own client address (above).
 */
export const test = base.extend<{ securityPolicyWatch: undefined }>({
  securityPolicyWatch: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      const watch = (context: BrowserContext) => {
        context.on('console', (message) => {
          if (POLICY_MESSAGE.test(message.text())) violations.push(`${message.page()?.url() ?? 'a worker'}: ${message.text()}`);
        });
        void context.addInitScript(reportViolations);
        void context.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
      };
      for (const context of browser.contexts()) watch(context);
      browser.on('context', watch);
      await use(undefined);
      browser.off('context', watch);
      expect(violations, 'security policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
