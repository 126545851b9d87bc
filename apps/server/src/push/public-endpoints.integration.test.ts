import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';

const PUBLIC_URL = 'https://aurum.example';
let server: TestServer;
let member: ApiClient;
beforeAll(async () => {
  // Served on a public https address, as in production: push endpoints must be public push services.
  server = await startTestServer({ PUBLIC_URL });
  member = new ApiClient(server, PUBLIC_URL);
  await member.register('pushed@example.com', 'pushed_member');
});
afterAll(async () => {
  await server?.close();
});

/** A browser's subscription keys, as PushManager makes them. */
function keys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

describe(`push subscriptions on a public server (${TEST_DRIVER})`, () => {
  it('are refused for anything but an https push service on the internet', async () => {
    for (const endpoint of [
      'http://127.0.0.1:4699/internal/admin',
      'https://127.0.0.1:4699/internal/admin',
      'https://10.0.0.5/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://pushsvc/push',
      'https://localhost/push',
    ]) {
      const refused = await member.request('PUT', '/api/me/push-subscriptions', { endpoint, keys: keys() });
      expect([endpoint, refused.status, refused.body.type]).toEqual([endpoint, 400, 'validation_failed']);
    }
    const stored = await member.request('PUT', '/api/me/push-subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: keys(),
    });
    expect(stored.status).toBe(204);
  });
});
