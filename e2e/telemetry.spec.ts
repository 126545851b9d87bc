import type { OtlpSpan } from '../apps/server/test/otlp-stand-in.js';
import { expect, test } from './support/fixtures.js';
import { reachForPrerenderedPage } from './support/journey.js';
import { SENTRY_PORT } from './support/ports.js';
import { collectedSpans, spanAttribute } from './support/telemetry.js';

/** The browser's span for a fetch of this URL, once the collector stand-in has it. */
async function browserSpanFor(url: string): Promise<OtlpSpan> {
  let found: OtlpSpan | undefined;
  await expect
    .poll(
      async () => {
        found = (await collectedSpans()).find((span) => spanAttribute(span, 'url.full') === url);
        return found !== undefined;
      },
      { timeout: 20_000, message: `a browser span for ${url}` },
    )
    .toBe(true);
  return found as OtlpSpan;
}

test("the browser's spans reach the collector through the relay, with a trace header on this site's requests only", async ({
  page,
}, testInfo) => {
  const marker = `${testInfo.project.name}-${Date.now().toString(36)}`;
  // Another origin the page may connect to (the Sentry stand-in is in its connect-src); answered here, so its headers are seen.
  const otherOrigin = `http://127.0.0.1:${SENTRY_PORT}`;
  const crossOriginHeaders: Record<string, string>[] = [];
  await page.route(`${otherOrigin}/probe**`, async (route) => {
    crossOriginHeaders.push(route.request().headers());
    await route.fulfill({ status: 200, headers: { 'access-control-allow-origin': '*' }, contentType: 'application/json', body: '{}' });
  });

  await page.goto(`/?visit=${marker}`);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  // Telemetry starts once the app has taken the landing page over and the page is idle: this
  // page's document load span is the sign it is on.
  await reachForPrerenderedPage(page);
  await browserSpanFor(page.url());

  const sameOrigin = new URL(`/api/health?probe=${marker}`, page.url()).href;
  const crossOrigin = `${otherOrigin}/probe?probe=${marker}`;
  await page.evaluate(
    async ({ sameOrigin, crossOrigin }) => {
      await (await fetch(sameOrigin)).text();
      await (await fetch(crossOrigin)).text();
    },
    { sameOrigin, crossOrigin },
  );

  // The same-origin request carried traceparent: the server's span for it is the browser span's child.
  const sameOriginSpan = await browserSpanFor(sameOrigin);
  await expect
    .poll(async () =>
      (await collectedSpans()).some((span) => span.traceId === sameOriginSpan.traceId && span.parentSpanId === sameOriginSpan.spanId),
    )
    .toBe(true);

  // The cross-origin one is traced in the browser, and sent without the header.
  const crossOriginSpan = await browserSpanFor(crossOrigin);
  expect(spanAttribute(crossOriginSpan, 'http.response.status_code')).toBe(200);
  expect(crossOriginHeaders).toHaveLength(1);
  expect(crossOriginHeaders[0]).not.toHaveProperty('traceparent');
});
