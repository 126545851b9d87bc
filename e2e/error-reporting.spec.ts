import { reported } from './support/error-reports.js';
import { expect, test } from './support/fixtures.js';
import { signUp, uniqueEmail, uniqueHandle } from './support/journey.js';

test('an error the page did not expect is reported with the release and the user id, and no e-mail address', async ({ page }, testInfo) => {
  const email = uniqueEmail(`reported-${testInfo.project.name}`);
  await signUp(page, { email, handle: uniqueHandle('reported'), publicName: 'Reported Member' });
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  // Error reporting starts once the page is idle; its SDK then opens a session for this user.
  await expect.poll(async () => (await reported('session')).some((session) => session.did === me.id), { timeout: 15_000 }).toBe(true);
  const marker = `unexpected-${Date.now().toString(36)}`;
  await page.evaluate(
    ({ marker, email }) => {
      setTimeout(() => {
        throw new Error(`${marker} while showing ${email}`);
      });
    },
    { marker, email },
  );

  const withMarker = async () => (await reported('event')).filter((event) => JSON.stringify(event).includes(marker));
  await expect.poll(async () => (await withMarker()).length).toBe(1);
  const [event] = await withMarker();
  expect(event).toMatchObject({ platform: 'javascript', environment: 'development', release: '0.1.0', user: { id: me.id } });
  expect(event.exception.values.at(-1).value).toBe(`${marker} while showing [e-mail]`);
  expect(JSON.stringify(event)).not.toContain(email);
});
