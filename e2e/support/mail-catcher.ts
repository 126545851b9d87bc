/**
 * The mail side of the browser journeys: a real SMTP server the app delivers to, and a
 * small HTTP endpoint the tests ask for the next mail to an address: `/code` gives its
 * sign-in code, `/mail` its subject and text.
 */
import { createServer } from 'node:http';
import { codeFromMail, SmtpCapture } from '../../apps/server/test/smtp-capture.js';
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
  try {
    const mail = await capture.nextMailTo(to, 15_000);
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify(
        url.pathname === '/code' ? { code: codeFromMail(mail), subject: mail.subject } : { subject: mail.subject, text: mail.text },
      ),
    );
  } catch (error) {
    response.statusCode = 504;
    response.end(String(error));
  }
}).listen(MAILBOX_PORT, '127.0.0.1');
