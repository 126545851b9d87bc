import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecaptchaStandIn } from '../../test/recaptcha-stand-in.js';
import { codeFromMail, isSignInCodeMail } from '../../test/smtp-capture.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';

let recaptcha: RecaptchaStandIn;
let server: TestServer;
beforeAll(async () => {
  recaptcha = new RecaptchaStandIn();
  await recaptcha.start();
  server = await startTestServer(recaptcha.env());
});
afterAll(async () => {
  await server?.close();
  await recaptcha?.stop();
});

/** The host tests' tokens are made on: the server's public URL's. */
const HOST = '127.0.0.1';
let addresses = 0;
const newAddress = () => `bot-check-${++addresses}-${Date.now()}@example.com`;
const requestCode = (client: ApiClient, email: string, botToken?: string) =>
  client.post('/api/auth/code', botToken === undefined ? { email } : { email, botToken });
const mailsTo = (email: string) => server.smtp.messages.filter((mail) => mail.to === email).length;

describe(`the bot check on sign-in code requests (${TEST_DRIVER})`, () => {
  it('tells the browser the site key and where the script is', async () => {
    const answer = await new ApiClient(server).get('/api/client-config');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      recaptcha: { siteKey: recaptcha.siteKey, scriptUrl: recaptcha.scriptUrl },
      errorReporting: null,
      telemetry: null,
      sessionRecording: null,
      payoutMethodTypes: ['bank_account', 'paypal'],
    });
  });

  it('sends the code for a person’s token, passing the client’s address to the provider, and signs in', async () => {
    recaptcha.score = 0.9;
    const client = new ApiClient(server);
    const email = newAddress();
    const token = recaptcha.token('sign_in', HOST);
    const requested = await requestCode(client, email, token);
    expect(requested.status).toBe(200);
    expect(recaptcha.verified.at(-1)).toEqual({ token, remoteip: '127.0.0.1' });
    const code = codeFromMail(await server.smtp.nextMailTo(email, undefined, isSignInCodeMail));
    expect((await client.post('/api/auth/session', { challengeId: requested.body.challengeId, code })).status).toBe(200);
  });

  it('refuses a request without a token before anything is sent or counted', async () => {
    const email = newAddress();
    const before = recaptcha.verified.length;
    const refused = await requestCode(new ApiClient(server), email);
    expect([refused.status, refused.body.type]).toEqual([400, 'bot_check_required']);
    expect(refused.body.message).toMatch(/reload the page/i);
    expect(recaptcha.verified.length).toBe(before);
    expect(mailsTo(email)).toBe(0);
  });

  it('refuses a low score the same way for a known and an unknown address, sending nothing', async () => {
    const client = new ApiClient(server);
    const known = newAddress();
    recaptcha.score = 0.9;
    await requestCode(client, known, recaptcha.token('sign_in', HOST));
    await server.smtp.nextMailTo(known);

    recaptcha.score = 0.2;
    const unknown = newAddress();
    const answers = [];
    for (const email of [known, unknown]) answers.push(await requestCode(client, email, recaptcha.token('sign_in', HOST)));
    for (const answer of answers) expect([answer.status, answer.body.type]).toEqual([403, 'bot_check_failed']);
    expect(answers[0]?.body).toEqual(answers[1]?.body);
    expect(answers[0]?.body.message).toMatch(/could not confirm that you are a person/i);
    expect([mailsTo(known), mailsTo(unknown)]).toEqual([0, 0]);
  });

  it('refuses tokens used twice, made for another action or another site, or not the provider’s', async () => {
    recaptcha.score = 0.9;
    const client = new ApiClient(server);
    const used = recaptcha.token('sign_in', HOST);
    expect((await requestCode(client, newAddress(), used)).status).toBe(200);
    for (const token of [
      used,
      recaptcha.token('checkout', HOST),
      recaptcha.token('sign_in', 'elsewhere.example'),
      recaptcha.token('sign_in', HOST, 'another-site-key'),
      'not-a-token',
    ]) {
      const refused = await requestCode(client, newAddress(), token);
      expect([refused.status, refused.body.type]).toEqual([403, 'bot_check_failed']);
    }
  });

  it('lets requests through while the provider cannot answer, the rate limits still holding', async () => {
    recaptcha.failWith = 503;
    try {
      const email = newAddress();
      expect((await requestCode(new ApiClient(server), email, recaptcha.token('sign_in', HOST))).status).toBe(200);
      await server.smtp.nextMailTo(email);
    } finally {
      recaptcha.failWith = null;
    }
  });
});
