import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { DESKTOP_USER_AGENT as DESKTOP, PHONE_USER_AGENT as PHONE } from '../../test/user-agents.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function signedIn(email: string, userAgent: string): Promise<ApiClient> {
  const device = new ApiClient(server, server.baseUrl, { 'user-agent': userAgent });
  expect((await device.signIn(email)).status).toBe(200);
  return device;
}

describe(`a member's sessions (${TEST_DRIVER})`, () => {
  it('lists where the member is signed in, this device marked, and nobody else’s', async () => {
    const email = uniqueEmail('member');
    const phone = await signedIn(email, PHONE);
    await signedIn(email, DESKTOP);
    await signedIn(uniqueEmail('other'), PHONE);

    const listed = await phone.get('/api/me/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(2);
    const [first, second] = listed.body.items;
    const byCurrent = first.current ? { mine: first, other: second } : { mine: second, other: first };
    expect(byCurrent.mine).toMatchObject({ current: true, browser: 'Chrome 130', os: 'Android 14', deviceType: 'phone', ip: '127.0.0.1' });
    expect(byCurrent.other).toMatchObject({ current: false, browser: 'Firefox 132', os: 'Windows 10', deviceType: 'desktop' });
    expect(Date.parse(byCurrent.mine.signedInAt)).toBeLessThanOrEqual(Date.parse(byCurrent.mine.lastActiveAt));
    expect((await new ApiClient(server).get('/api/me/sessions')).status).toBe(401);
  });

  it('ends one session, which signs that device out at its next request, and refuses to end anyone else’s', async () => {
    const email = uniqueEmail('member');
    const phone = await signedIn(email, PHONE);
    const desktop = await signedIn(email, DESKTOP);
    const desktopSession = (await phone.get('/api/me/sessions')).body.items.find((item: { current: boolean }) => !item.current);

    const stranger = await signedIn(uniqueEmail('stranger'), DESKTOP);
    const refused = await stranger.delete(`/api/me/sessions/${desktopSession.id}`);
    expect(refused.status).toBe(404);
    expect((await desktop.get('/api/me')).status).toBe(200);

    expect((await phone.delete(`/api/me/sessions/${desktopSession.id}`)).status).toBe(204);
    expect((await desktop.get('/api/me')).status).toBe(401);
    expect((await phone.get('/api/me')).status).toBe(200);
    expect((await phone.get('/api/me/sessions')).body.items).toHaveLength(1);
  });

  it('ends every other session at once, keeping this one', async () => {
    const email = uniqueEmail('member');
    const phone = await signedIn(email, PHONE);
    const others = [await signedIn(email, DESKTOP), await signedIn(email, PHONE)];
    const ended = await phone.delete('/api/me/sessions');
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ ended: 2 });
    for (const other of others) expect((await other.get('/api/me')).status).toBe(401);
    expect((await phone.get('/api/me')).status).toBe(200);
  });

  it('signs this device out when its own session is ended, clearing the cookie', async () => {
    const phone = await signedIn(uniqueEmail('member'), PHONE);
    const [mine] = (await phone.get('/api/me/sessions')).body.items;
    const response = await phone.delete(`/api/me/sessions/${mine.id}`);
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toMatch(/^aurum_session=;/);
    expect((await phone.get('/api/me')).status).toBe(401);
  });
});
