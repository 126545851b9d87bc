import { randomBytes } from 'node:crypto';
import { media } from '../src/db/schema.js';
import type { ApiClient, TestServer } from './test-server.js';

/** An uploaded file row, as the media pipeline would leave it; tests insert them directly. */
export async function insertMedia(server: TestServer, ownerId: string, kind: 'image' | 'video' | 'audio' = 'image', status = 'ready') {
  const id = randomBytes(8).toString('hex');
  await server.context.database.db.insert(media).values({
    id,
    ownerId,
    kind,
    mime: { image: 'image/jpeg', video: 'video/mp4', audio: 'audio/mpeg' }[kind],
    sizeBytes: 1234,
    originalKey: `originals/${id}`,
    status,
  });
  return id;
}

/** Registers a user and does the sign-up steps before identity: start, age and gender, images and bio. */
export async function registerAndFillProfileSteps(server: TestServer, client: ApiClient, email: string, handle: string) {
  const me = await client.register(email, handle);
  const avatarMediaId = await insertMedia(server, me.id);
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
