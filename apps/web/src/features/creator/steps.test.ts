import type { OnboardingState, OnboardingStepStatus } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths';
import { pathAfterStep, resumePath, stepperState } from './steps';

type Statuses = [OnboardingStepStatus, OnboardingStepStatus, OnboardingStepStatus, OnboardingStepStatus, OnboardingStepStatus];
const IDS = ['start', 'age_gender', 'images_bio', 'verify_identity', 'payout'] as const;

/** The progress part of the server's state, as the server computes it (nextStep: first step not done). */
function progress(statuses: Statuses, status?: OnboardingState['status']): Pick<OnboardingState, 'status' | 'steps' | 'nextStep'> {
  const steps = IDS.map((id, index) => ({ id, status: statuses[index] as OnboardingStepStatus, path: `/path/${id}` }));
  const computed = status ?? (statuses[0] === 'todo' ? 'not_started' : statuses.every((s) => s === 'done') ? 'completed' : 'in_progress');
  return {
    status: computed,
    steps,
    nextStep: computed === 'completed' ? null : (steps.find((step) => step.status !== 'done')?.id ?? null),
  };
}

const displays = (state: ReturnType<typeof stepperState>) => state.steps.map((step) => step.display);

describe('stepperState', () => {
  it('starts at the first step before anything is loaded or started', () => {
    for (const state of [undefined, progress(['todo', 'todo', 'todo', 'todo', 'todo'])]) {
      const view = stepperState(state);
      expect(displays(view)).toEqual(['current', 'todo', 'todo', 'todo', 'todo']);
      expect(view.activeIndex).toBe(0);
      expect(view.doneCount).toBe(0);
      expect(view.steps.map((step) => step.reachable)).toEqual([true, false, false, false, false]);
    }
  });

  it('marks done steps, the server’s next step as current and the rest as remaining', () => {
    const view = stepperState(progress(['done', 'done', 'todo', 'todo', 'todo']));
    expect(displays(view)).toEqual(['done', 'done', 'current', 'todo', 'todo']);
    expect(view).toMatchObject({ activeIndex: 2, doneCount: 2, total: 5 });
    expect(view.steps.every((step) => step.reachable)).toBe(true);
    expect(view.steps.map((step) => step.label)).toEqual(['Start', 'About you', 'Profile', 'Identity', 'Payouts']);
  });

  it('shows the page’s own step as current, even when it is done or out of order', () => {
    const view = stepperState(progress(['done', 'done', 'todo', 'todo', 'done']), 'age_gender');
    expect(displays(view)).toEqual(['done', 'current', 'todo', 'todo', 'done']);
    expect(view.steps[1]).toMatchObject({ current: true, done: true });
    expect(view.activeIndex).toBe(1);
    expect(view.doneCount).toBe(3);
  });

  it('shows an identity check waiting on the provider as pending', () => {
    const view = stepperState(progress(['done', 'done', 'done', 'pending', 'todo']), 'payout');
    expect(displays(view)).toEqual(['done', 'done', 'done', 'pending', 'current']);
    expect(view.steps[3]).toMatchObject({ pending: true, done: false });
    expect(view.doneCount).toBe(3);
  });

  it('has no current step once sign-up is complete', () => {
    const view = stepperState(progress(['done', 'done', 'done', 'done', 'done']));
    expect(displays(view)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(view).toMatchObject({ activeIndex: 5, doneCount: 5 });
  });
});

describe('resumePath', () => {
  it('sends the user to the first unfinished step', () => {
    expect(resumePath(progress(['todo', 'todo', 'todo', 'todo', 'todo']))).toBe('/creator/signup/start');
    expect(resumePath(progress(['done', 'todo', 'todo', 'todo', 'todo']))).toBe('/creator/signup/age-gender');
    expect(resumePath(progress(['done', 'done', 'done', 'pending', 'todo']))).toBe('/creator/signup/verify-identity');
    expect(resumePath(progress(['done', 'done', 'done', 'done', 'todo']))).toBe('/creator/signup/payment');
    expect(resumePath(progress(['done', 'done', 'done', 'done', 'done']))).toBeNull();
  });
});

describe('pathAfterStep', () => {
  it('goes to the next step still to do, then back to earlier ones left open', () => {
    expect(pathAfterStep(progress(['done', 'done', 'todo', 'todo', 'todo']), 'age_gender')).toBe('/creator/signup/add-images-and-bio');
    expect(pathAfterStep(progress(['done', 'todo', 'done', 'todo', 'todo']), 'images_bio')).toBe('/creator/signup/verify-identity');
    expect(pathAfterStep(progress(['done', 'todo', 'done', 'done', 'done']), 'payout')).toBe('/creator/signup/age-gender');
  });

  it('skips a check waiting on the provider, and waits there when nothing else is left', () => {
    expect(pathAfterStep(progress(['done', 'done', 'done', 'pending', 'todo']), 'images_bio')).toBe('/creator/signup/payment');
    expect(pathAfterStep(progress(['done', 'done', 'done', 'pending', 'done']), 'payout')).toBe('/creator/signup/verify-identity');
  });

  it('ends at the success screen once complete', () => {
    expect(pathAfterStep(progress(['done', 'done', 'done', 'done', 'done']), 'payout')).toBe(paths.creatorSignup);
  });
});
