import { describe, expect, it } from 'vitest';
import { onboardingProgress } from './steps.js';

const at = new Date('2026-11-01T00:00:00Z');
const row = (done: Partial<Record<'ageGenderDoneAt' | 'imagesBioDoneAt' | 'identityDoneAt' | 'payoutDoneAt' | 'completedAt', Date>>) => ({
  startedAt: at,
  ageGenderDoneAt: null,
  imagesBioDoneAt: null,
  identityDoneAt: null,
  payoutDoneAt: null,
  completedAt: null,
  ...done,
});
const member = { isCreator: false, latestVerification: null };
const statuses = (progress: ReturnType<typeof onboardingProgress>) => Object.fromEntries(progress.steps.map((s) => [s.id, s.status]));

describe('onboardingProgress', () => {
  it('starts with start', () => {
    expect(onboardingProgress(null, member)).toMatchObject({ status: 'not_started', nextStep: 'start' });
    expect(Object.values(statuses(onboardingProgress(null, member)))).toEqual(['todo', 'todo', 'todo', 'todo', 'todo']);
  });

  it('points at the first step still to do, in page order, whatever order steps were done in', () => {
    expect(onboardingProgress(row({}), member)).toMatchObject({ status: 'in_progress', nextStep: 'age_gender' });
    expect(onboardingProgress(row({ ageGenderDoneAt: at }), member).nextStep).toBe('images_bio');
    expect(onboardingProgress(row({ payoutDoneAt: at, identityDoneAt: at }), member).nextStep).toBe('age_gender');
    expect(onboardingProgress(row({ ageGenderDoneAt: at, imagesBioDoneAt: at, identityDoneAt: at }), member).nextStep).toBe('payout');
  });

  it('shows identity as pending only while the latest verification waits on the provider', () => {
    const base = row({ ageGenderDoneAt: at, imagesBioDoneAt: at });
    expect(statuses(onboardingProgress(base, { isCreator: false, latestVerification: 'pending' })).verify_identity).toBe('pending');
    expect(onboardingProgress(base, { isCreator: false, latestVerification: 'pending' }).nextStep).toBe('verify_identity');
    for (const latest of ['declined', 'expired', null] as const) {
      expect(statuses(onboardingProgress(base, { isCreator: false, latestVerification: latest })).verify_identity).toBe('todo');
    }
    expect(
      statuses(onboardingProgress(row({ identityDoneAt: at }), { isCreator: false, latestVerification: 'pending' })).verify_identity,
    ).toBe('done');
  });

  it('is completed once sign-up completed, or for anyone who already is a creator', () => {
    const all = row({ ageGenderDoneAt: at, imagesBioDoneAt: at, identityDoneAt: at, payoutDoneAt: at, completedAt: at });
    expect(onboardingProgress(all, member)).toMatchObject({ status: 'completed', nextStep: null });
    expect(onboardingProgress(null, { isCreator: true, latestVerification: null })).toMatchObject({ status: 'completed', nextStep: null });
  });
});
