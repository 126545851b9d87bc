import { describe, expect, it } from 'vitest';
import { requestFreshCheck, settleFreshCheck } from './fresh-check';

describe('the fresh check', () => {
  it('is shared by requests that ask at once, and settles them all', async () => {
    const first = requestFreshCheck();
    const second = requestFreshCheck();
    settleFreshCheck(true);
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
  });

  it('opens anew after one settled, and tells a refusal', async () => {
    const given = requestFreshCheck();
    settleFreshCheck(false);
    await expect(given).resolves.toBe(false);
    const next = requestFreshCheck();
    settleFreshCheck(true);
    await expect(next).resolves.toBe(true);
  });
});
