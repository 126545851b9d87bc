/**
 * The mail side of the browser journeys: a real SMTP server the app delivers to, and a
 * small HTTP endpoint the tests ask for the sign-in code and link sent to an address (`/code`), or for
 * the next mail to it (`/mail`, of a `subject` when given: subject and text, for the links other mails carry).
 */
import { createServer } from 'node:http';
import { type CapturedMail, codeFromMail, isSignInCodeMail, SmtpCapture } from '../../apps/server/test/smtp-capture.js';
import { MAILBOX_PORT, SMTP_PORT } from './ports.js';

const capture = new SmtpCapture();
await capture.start(SMTP_PORT);

createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return response.end('ok');
  const to = url.searchParams.get('to');
  if ((url.pathname !== '/code' && url.pathname !== '/mail') || !to) {
    response.statusCode = 404;
    return response.end();
  }
  // /code takes the next sign-in code; /mail the next mail, or the next with `subject`.
  const subject = url.searchParams.get('subject');
  const matching = url.pathname === '/code' ? isSignInCodeMail : (mail: CapturedMail) => subject === null || mail.subject === subject;
  try {
    const mail = await capture.nextMailTo(to, 15_000, matching);
    response.setHeader('content-type', 'application/json');
    const body =
      url.pathname === '/code'
        ? { code: codeFromMail(mail), link: /\S+\/auth\/link#\S+/.exec(mail.text)?.[0] ?? null, subject: mail.subject }
        : { subject: mail.subject, text: mail.text };
    response.end(JSON.stringify(body));
  } catch (error) {
    response.statusCode = 504;
    response.end(String(error));
  }
}).listen(MAILBOX_PORT, '127.0.0.1');
