import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { MAILBOX_PORT } from './ports.js';

/** The next sign-in mail to `email`, read from the SMTP capture: its code and the link beside it. */
async function signInMailTo(email: string): Promise<{ code: string; link: string | null }> {
  const response = await fetch(`http://127.0.0.1:${MAILBOX_PORT}/code?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`no sign-in mail for ${email}: ${await response.text()}`);
  return (await response.json()) as { code: string; link: string | null };
}

/** The sign-in code the app mailed to `email`. */
export const codeMailedTo = async (email: string) => (await signInMailTo(email)).code;

/** The sign-in link the app mailed to `email` with its code. */
export async function signInLinkMailedTo(email: string): Promise<string> {
  const { link } = await signInMailTo(email);
  if (!link) throw new Error(`the sign-in mail to ${email} has no link`);
  return link;
}

/** The next mail the app sent to `email` with this subject (waiting for it), with its subject and plain text. */
export async function mailTo(email: string, subject: string): Promise<{ subject: string; text: string }> {
  const response = await fetch(`http://127.0.0.1:${MAILBOX_PORT}/mail?${new URLSearchParams({ to: email, subject })}`);
  if (!response.ok) throw new Error(`no mail for ${email}: ${await response.text()}`);
  return (await response.json()) as { subject: string; text: string };
}

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Fails on serious or critical accessibility violations of the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colour contrast is judged on what is painted, so the page must have settled: no fade, slide or colour transition
  // running for a moment (spinners loop forever, so they do not count). A transition can begin a moment after the page
  // looks ready (a button taking its colours as the page it belongs to finishes rendering). The journeys' browsers ask
  // for reduced motion (playwright.config.ts), which the app honours by ending transitions at once, so a moment is short.
  await page.evaluate(() => {
    (window as typeof window & { __aurumLastAnimation?: number }).__aurumLastAnimation = undefined;
  });
  await page.waitForFunction(
    (quietMs) => {
      const settled = window as typeof window & { __aurumLastAnimation?: number };
      const now = performance.now();
      const animating = document
        .getAnimations()
        .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
      if (animating || settled.__aurumLastAnimation === undefined) settled.__aurumLastAnimation = now;
      return !animating && now - settled.__aurumLastAnimation >= quietMs;
    },
    250,
    { polling: 50 },
  );
  // Nothing pushes the page wider than the window: a phone would zoom out, and every tap would land off its target.
  const sideways = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const widest = [...document.body.querySelectorAll('*')]
      .filter(
        (element) => element.getBoundingClientRect().right > width + 1 && element.closest('[class*="MuiTabs-scroller"], pre') === null,
      )
      .slice(0, 3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} to ${Math.round(element.getBoundingClientRect().right)}px`,
      );
    return { overflow: document.documentElement.scrollWidth - width, widest };
  });
  expect(sideways.overflow, `the page is wider than the window: ${sideways.widest.join(', ')}`).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Screenshots are for people to look at: a run no one looks at (CI's, `E2E_SCREENSHOTS=none`) takes none. */
const TAKES_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'none';

/** Saves a full-page screenshot as `e2e/screenshots/<file>.png`. */
export async function saveScreenshot(page: Page, file: string): Promise<void> {
  if (TAKES_SCREENSHOTS) await page.screenshot({ path: `e2e/screenshots/${file}.png`, fullPage: true });
}

/** Saves a full-page screenshot named after the page and the viewport project. */
export const screenshot = (page: Page, testInfo: TestInfo, name: string) => saveScreenshot(page, `${testInfo.project.name}-${name}`);

/** The sign-in page's first step: the address, then the code the mail catcher caught for it. */
export async function signInWithMailedCode(page: Page, email: string, start = '/auth/login'): Promise<void> {
  await page.goto(start);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Sign-in code').fill(await codeMailedTo(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs a new address up through the UI: code by e-mail, terms, profile. Ends once the home page
 * is drawn: until then the page is still loading, and while it loads the app's one loading
 * boundary above the layouts replaces the top bar, closing a menu opened in that moment.
 */
export async function signUp(page: Page, account: { email: string; handle: string; publicName: string }): Promise<void> {
  await signInWithMailedCode(page, account.email, '/auth/register');
  await page.getByLabel('I have read and accept the terms of service').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Handle').fill(account.handle);
  await page.getByLabel('Public name').fill(account.publicName);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
}

/** A short unique handle for one run of one project. */
export const uniqueHandle = (label: string) => `${label}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 30);

/** On the subscribe page: saves the development provider's test card that always succeeds, then confirms. */
export async function payWithTestCard(page: Page): Promise<void> {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Year').fill('2030');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save payment method' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/**
 * On a prerendered page (the landing page, a phone's home page), which runs no script until the
 * visitor reaches for it: reaches for it (a pointer over the heading) and waits until the app has
 * taken the page over.
 */
export async function reachForPrerenderedPage(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).hover();
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
}
