import { ONBOARDING_STEP_PATHS } from '@aurum/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DEV_DECISIONS, type DevVerificationProvider } from './dev-provider.js';
import type { VerificationService } from './service.js';

export const DEV_PAGE_PREFIX = '/dev/verification';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** Back to where the app asked, but only ever to this site: the query string is not trusted. */
function safeReturnUrl(raw: unknown, publicUrl: string): string {
  const fallback = publicUrl + ONBOARDING_STEP_PATHS.verify_identity;
  if (typeof raw !== 'string') return fallback;
  try {
    const url = new URL(raw, publicUrl);
    return url.origin === new URL(publicUrl).origin ? url.toString() : fallback;
  } catch {
    return fallback;
  }
}

const STYLE = `
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; background: #121212; color: #f5f0e6; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  main { max-width: 600px; margin: 0 auto; padding: 24px 16px 48px; }
  .banner { margin: 0 0 24px; padding: 16px; border: 2px solid #e0b04a; border-radius: 12px; background: #2a2110; color: #ffd98a; font-weight: 700; font-size: 1.1rem; }
  h1 { margin: 0 0 8px; font-size: 1.5rem; color: #e0b04a; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 16px; margin: 16px 0 24px; padding: 16px; border-radius: 12px; background: #1e1e1e; }
  dt { color: #b8ad9a; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .actions { display: flex; flex-wrap: wrap; gap: 12px; }
  button { min-height: 48px; padding: 12px 28px; border: 0; border-radius: 24px; font: inherit; font-weight: 700; cursor: pointer; box-shadow: 0 3px 8px rgb(0 0 0 / 45%); }
  button:focus-visible { outline: 3px solid #ffd98a; outline-offset: 3px; }
  .approve { background: #e0b04a; color: #1a1305; }
  .decline { background: #3a3a3a; color: #f5f0e6; }
  a { color: #e0b04a; }
`;

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Aurum</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note">Development verification provider — no real identity check</p>
${body}
</main>
</body>
</html>`);
}

const notFoundPage = (reply: FastifyReply) =>
  page(reply, 404, 'Session not found', '<h1>Session not found</h1><p>This verification session does not exist.</p>');

type PageRoute = { Params: { sessionId: string }; Querystring: { return?: string } };
const decisionSchema = z.object({ decision: z.enum(DEV_DECISIONS) });

/**
 * The development provider's own pages, outside /api: what a real provider's hosted page
 * would be. Approve or Decline makes the provider deliver its signed webhook to the same
 * route a real provider uses, then sends the browser back to the app.
 */
export async function registerDevProviderPages(
  app: FastifyInstance,
  deps: { provider: DevVerificationProvider; verification: VerificationService; publicUrl: string },
): Promise<void> {
  const { provider, verification, publicUrl } = deps;
  await app.register(async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    pages.get<PageRoute>(`${DEV_PAGE_PREFIX}/:sessionId`, { schema: { hide: true } }, async (request, reply) => {
      const { sessionId } = request.params;
      const session = await verification.findProviderSession(provider.name, sessionId);
      if (!session) return notFoundPage(reply);
      const open = session.status === 'pending' || session.status === 'declined';
      const actions = open
        ? `<form method="post">
<p>Decide what the provider reports back to Aurum:</p>
<div class="actions">
<button class="approve" type="submit" name="decision" value="approve">Approve</button>
<button class="decline" type="submit" name="decision" value="decline">Decline</button>
</div>
</form>`
        : `<p>This session is settled. <a href="${escapeHtml(safeReturnUrl(request.query.return, publicUrl))}">Return to Aurum</a></p>`;
      return page(
        reply,
        200,
        'Verify identity',
        `<h1>Verify identity</h1>
<p>A real provider would check an identity document and a selfie here.</p>
<dl>
<dt>For</dt><dd>@${escapeHtml(session.handle ?? 'unknown')}</dd>
<dt>Check</dt><dd>${escapeHtml(session.sessionType)}</dd>
<dt>Status</dt><dd>${escapeHtml(session.status)}</dd>
<dt>Session</dt><dd>${escapeHtml(sessionId)}</dd>
</dl>
${actions}`,
      );
    });

    pages.post<PageRoute>(`${DEV_PAGE_PREFIX}/:sessionId`, { schema: { hide: true } }, async (request, reply) => {
      const { sessionId } = request.params;
      const decision = decisionSchema.safeParse(request.body);
      if (!decision.success) return page(reply, 400, 'Choose a decision', '<h1>Choose Approve or Decline</h1>');
      if (!(await verification.findProviderSession(provider.name, sessionId))) return notFoundPage(reply);
      const webhook = provider.signedDecision(sessionId, decision.data.decision);
      const delivered = await app.inject({
        method: 'POST',
        url: `/api/webhooks/verification/${provider.name}`,
        headers: webhook.headers,
        payload: webhook.body,
      });
      if (delivered.statusCode !== 200) {
        request.log.error({ status: delivered.statusCode, body: delivered.body }, 'development verification webhook was refused');
        return page(reply, 502, 'Delivery failed', '<h1>The decision could not be delivered</h1><p>See the server log.</p>');
      }
      return reply.redirect(safeReturnUrl(request.query.return, publicUrl), 303);
    });
  });
}
