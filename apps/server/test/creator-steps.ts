import { insertMediaRow } from './content-fixtures.js';
import type { ApiClient, TestServer } from './test-server.js';

/** Registers a user and does the sign-up steps before identity: start, age and gender, images and bio. */
export async function registerAndFillProfileSteps(server: TestServer, client: ApiClient, email: string, handle: string) {
  const me = await client.register(email, handle);
  const avatarMediaId = await insertMediaRow(server, me.id);
  for (const [method, path, body] of [
    ['POST', '/api/creator/onboarding/start', {}],
    ['PUT', '/api/creator/onboarding/age-gender', { birthDate: '1990-05-17', gender: 'female' }],
    ['PUT', '/api/creator/onboarding/images-bio', { bio: 'Gold-leaf painter.', avatarMediaId }],
  ] as const) {
    const response = await client.request(method, path, body);
    if (response.status !== 200) throw new Error(`${method} ${path} failed: ${JSON.stringify(response.body)}`);
  }
  return me;
}
