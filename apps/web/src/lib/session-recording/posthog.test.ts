import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PostHogStandIn } from '../../test/posthog-stand-in';
import { startPostHog, stopPostHog } from './posthog';

const ingestion = new PostHogStandIn();
beforeAll(async () => {
  await ingestion.start();
});
afterAll(async () => {
  stopPostHog();
  await ingestion.stop();
});

describe('session recording with PostHog', () => {
  it('sends the recording to the configured host with every input masked', async () => {
    document.body.innerHTML = `
      <main>
        <h1>Sign in</h1>
        <label>E-mail <input type="email" value="typed-address@example.com"></label>
        <label>Note <textarea>typed-secret-note</textarea></label>
      </main>`;
    startPostHog({ projectKey: 'phc_stand_in', host: ingestion.url, environment: 'production' }, 'user-1');

    // The page's full snapshot (rrweb's event type 2) is what would show what was typed.
    const fullSnapshot = await vi.waitFor(
      () => {
        const found = ingestion.snapshots().find((event) => event.type === 2);
        expect(found).toBeDefined();
        return found;
      },
      { timeout: 15_000, interval: 200 },
    );
    const recorded = JSON.stringify(fullSnapshot);
    expect(recorded).toContain('Sign in');
    expect(recorded).not.toContain('typed-address@example.com');
    expect(recorded).not.toContain('typed-secret-note');
    expect(recorded).toContain('*****');
    // Its events name the user by id only.
    expect(ingestion.bodiesTo('/e').join('')).toContain('"distinct_id":"user-1"');
  });
});
