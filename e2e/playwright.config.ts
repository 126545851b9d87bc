import { defineConfig, devices } from '@playwright/test';
import { ADMIN_EMAILS } from './support/admins.js';
import { RECAPTCHA_KEYS } from './support/bot-check.js';
import { SENTRY_DSN } from './support/error-reports.js';
import { APP_PORT, APP_URL, MAILBOX_PORT, OTLP_PORT, RECAPTCHA_PORT, SENTRY_PORT, SMTP_PORT } from './support/ports.js';
import { OTLP_URL } from './support/telemetry.js';

const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  // Reduced motion: the app then ends its transitions at once (app/theme/theme.ts), so a page settles as soon as it is
  // drawn and the accessibility scan waits for no fade; first-load.spec.ts checks the app with motion too.
  use: { baseURL: APP_URL, launchOptions: chromiumLaunch, trace: 'retain-on-failure', reducedMotion: 'reduce' },
  projects: [
    // The product is mobile first: every journey runs on a phone.
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch } },
    // On a desktop: the walk of every page of every kind of person (each page drawn, fitting the window, accessible),
    // and the journeys tagged @desktop, whose steps differ there (the side menu, dialogs where a phone has sheets,
    // wide tables). The other journeys' steps are the same on both; running them twice cost half the test run.
    // E2E_DESKTOP=all runs every journey there too.
    {
      name: 'desktop',
      grep: process.env.E2E_DESKTOP === 'all' ? undefined : /@desktop/,
      use: { viewport: { width: 1440, height: 900 }, launchOptions: chromiumLaunch },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/support/mail-catcher.ts',
      cwd: '..',
      url: `http://127.0.0.1:${MAILBOX_PORT}/health`,
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx e2e/support/recaptcha.ts',
      cwd: '..',
      url: `http://127.0.0.1:${RECAPTCHA_PORT}/recaptcha/api.js`,
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx e2e/support/sentry.ts',
      cwd: '..',
      url: `http://127.0.0.1:${SENTRY_PORT}/stand-in/items`,
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx e2e/support/otlp.ts',
      cwd: '..',
      url: `http://127.0.0.1:${OTLP_PORT}/stand-in/spans`,
      reuseExistingServer: false,
    },
    {
      command: 'rm -rf e2e/.data && node --import tsx apps/server/src/main.ts',
      cwd: '..',
      url: `${APP_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: APP_URL,
        DATA_DIR: 'e2e/.data',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        LOG_LEVEL: 'warn',
        // Each browser context sends its own X-Forwarded-For (support/fixtures.ts): one address per person.
        TRUST_PROXY: 'true',
        // Every journey signs in through the bot check, against the reCAPTCHA stand-in.
        RECAPTCHA_SITE_KEY: RECAPTCHA_KEYS.site,
        RECAPTCHA_SECRET_KEY: RECAPTCHA_KEYS.secret,
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${RECAPTCHA_PORT}/recaptcha/api/siteverify`,
        RECAPTCHA_SCRIPT_URL: `http://127.0.0.1:${RECAPTCHA_PORT}/recaptcha/api.js`,
        // The server's and the browser's unexpected errors go to the Sentry stand-in.
        SENTRY_DSN,
        // The server's spans and metrics, and the browser's through the relay, go to the OTLP stand-in.
        OTEL_EXPORTER_OTLP_ENDPOINT: OTLP_URL,
        OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20e2e-collector',
        // The admins of the journeys (one per viewport project each): the admin and the moderation journeys sign them up.
        ADMIN_EMAILS: ADMIN_EMAILS.join(','),
      },
    },
  ],
});
