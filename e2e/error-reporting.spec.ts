import { reported } from './support/error-reports.js';
import { expect, test } from './support/fixtures.js';
import { signInAs, signUpThroughApi } from './support/scene.js';

test('an error the page did not expect is reported with the release and the user id, and no e-mail address', async ({ page }) => {
  const me = await signUpThroughApi({ label: 'reported', publicName: 'Reported Member' });
  const { email } = me;
  await signInAs(page, me);
  // A page the app draws itself (a phone's home page waits, drawn by the server, until the visitor reaches for it).
  await page.goto('/explore');
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
