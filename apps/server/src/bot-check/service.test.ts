import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { BotCheck } from './service.js';

describe('BotCheck without reCAPTCHA keys', () => {
  it('is off: the browser is told so, and requests pass with or without a token', async () => {
    const check = new BotCheck({ recaptcha: null, publicUrl: 'http://localhost:3000', logger: pino({ level: 'silent' }) });
    expect(check.clientConfig()).toBeNull();
    await expect(check.requirePerson(undefined, 'sign_in', '127.0.0.1')).resolves.toBeUndefined();
    await expect(check.requirePerson('anything', 'sign_in', '127.0.0.1')).resolves.toBeUndefined();
  });
});
