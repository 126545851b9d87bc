import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateId } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutPreviousRelease, PREVIOUS_RELEASE, type PreviousReleaseCheckout } from '../../test/previous-release.js';
import { type ServerProcess, startServerProcess } from '../../test/server-process.js';
import { SmtpCapture } from '../../test/smtp-capture.js';
import { ApiClient, createScratchDatabase, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';

/**
 * Expand, then contract: during a rolling deploy the previous release keeps serving on the
 * schema the new one migrated. Its server runs here on a database this checkout migrated,
 * beside this checkout's server, and both serve members what the other wrote.
 */
describe.runIf(TEST_DRIVER === 'postgres' && PREVIOUS_RELEASE)('the previous release on the migrated schema', { timeout: 60_000 }, () => {
  let checkout: PreviousReleaseCheckout;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let current: TestServer;
  let previous: ServerProcess;
  let dataDir: string;
  const smtp = new SmtpCapture();
  // Every instance of a deployment has the same secret, whichever release it runs.
  const SESSION_SECRET = randomBytes(32).toString('hex');
  beforeAll(async () => {
    [checkout, scratch, dataDir] = await Promise.all([
      checkOutPreviousRelease(),
      createScratchDatabase(),
      mkdtemp(path.join(tmpdir(), 'aurum-previous-data-')),
    ]);
    // This release migrates first, as a deploy does before its first instance takes traffic.
    current = await startTestServer({ SESSION_SECRET }, { url: scratch.url });
    previous = await startServerProcess(
      { DATABASE_URL: scratch.url, DATA_DIR: dataDir, SMTP_URL: await smtp.start(), SESSION_SECRET },
      { serverDir: checkout.serverDir },
    );
  }, 300_000);
  afterAll(async () => {
    previous?.child.kill('SIGKILL');
    await current?.close();
    await smtp.stop();
    await scratch?.drop();
    await checkout?.remove();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const member = async (client: ApiClient) => {
    const unique = generateId();
    return (await client.register(`release-${unique}@example.com`, `release_${unique.slice(-10)}`)) as { id: string; handle: string };
  };

  it('signs members up and serves their pages, and reads what the new release wrote', async () => {
    const onPrevious = new ApiClient({ baseUrl: previous.baseUrl, smtp } as unknown as TestServer);
    const old = await member(onPrevious);
    for (const page of ['/api/me', '/api/feed', '/api/creators', '/api/me/creators', '/api/chats', `/api/users/${old.id}/profile-page`]) {
      expect([page, (await onPrevious.get(page)).status]).toEqual([page, 200]);
    }
    const onCurrent = new ApiClient(current);
    const fresh = await member(onCurrent);
    expect((await onPrevious.get(`/api/users/${fresh.id}/profile-page`)).body.handle).toBe(fresh.handle);
    expect((await onCurrent.get(`/api/users/${old.id}/profile-page`)).body.handle).toBe(old.handle);
    // A session begun on the previous release holds on the new one, as when a deploy moves a member.
    const moved = new ApiClient(current);
    moved.cookie = onPrevious.cookie;
    expect((await moved.get('/api/me')).body.id).toBe(old.id);
  });
});
