import type { MailMessage } from './mailer.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The branded frame every mail shares: the rows go between the Aurum heading and the app link. */
function framedHtml(rows: string, appUrl: string): string {
  return `<!doctype html>
<html lang="en"><body style="margin:0;background:#14110c;font-family:Helvetica,Arial,sans-serif;color:#f3ead7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#1f1a12;border-radius:16px;padding:32px">
<tr><td style="font-size:22px;font-weight:700;color:#e6b34a">Aurum</td></tr>
${rows}
<tr><td style="padding-top:24px;font-size:12px;color:#8c8067"><a href="${escapeHtml(appUrl)}" style="color:#e6b34a">${escapeHtml(appUrl)}</a></td></tr>
</table></td></tr></table></body></html>`;
}

/** The sign-in code mail: the code first (it is what the reader needs), then why they got it. */
export function signInCodeMail(options: { to: string; code: string; link: string; minutesValid: number; appUrl: string }): MailMessage {
  const { to, code, link, minutesValid, appUrl } = options;
  const text = [
    `Your Aurum sign-in code is ${code}`,
    '',
    `Enter it on the sign-in page within ${minutesValid} minutes, or open this link to sign in:`,
    link,
    '',
    'If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without the code or the link.',
    '',
    appUrl,
  ].join('\n');
  const html = framedHtml(
    `<tr><td style="padding-top:24px;font-size:16px">Your sign-in code is</td></tr>
<tr><td style="padding:12px 0 20px;font-size:36px;letter-spacing:8px;font-weight:700;color:#ffffff">${escapeHtml(code)}</td></tr>
<tr><td style="font-size:14px;line-height:1.5;color:#cbbf9f">Enter it on the sign-in page within ${minutesValid} minutes, or
<a href="${escapeHtml(link)}" style="color:#e6b34a;font-weight:700">sign in with this link</a>.<br>
If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without the code or the link.</td></tr>`,
    appUrl,
  );
  return { to, subject: `${code} is your Aurum sign-in code`, text, html };
}

/** A plain notice: a subject, then paragraphs, with a link to the page where the reader can act. */
export function noticeMail(options: { to: string; subject: string; paragraphs: string[]; actionUrl: string; appUrl: string }): MailMessage {
  const { to, subject, paragraphs, actionUrl, appUrl } = options;
  const text = [...paragraphs.flatMap((paragraph) => [paragraph, '']), actionUrl].join('\n');
  const rows = paragraphs
    .map((paragraph) => `<tr><td style="padding-top:16px;font-size:15px;line-height:1.5">${escapeHtml(paragraph)}</td></tr>`)
    .join('\n');
  const action = `<tr><td style="padding-top:20px"><a href="${escapeHtml(actionUrl)}" style="color:#e6b34a;font-weight:700">Open in Aurum</a></td></tr>`;
  return { to, subject, text, html: framedHtml(`${rows}\n${action}`, appUrl) };
}
