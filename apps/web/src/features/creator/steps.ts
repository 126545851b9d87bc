import { ONBOARDING_STEPS, type OnboardingState, type OnboardingStepId } from '@aurum/core';
import { paths } from '../../lib/paths';

/** Short names for the stepper, which must fit five across a phone. */
export const STEP_LABELS: Record<OnboardingStepId, string> = {
  start: 'Start',
  age_gender: 'About you',
  images_bio: 'Profile',
  verify_identity: 'Identity',
  payout: 'Payouts',
};

/** Each step as the introduction explains it. */
export const STEP_DESCRIPTIONS: Record<OnboardingStepId, { title: string; text: string }> = {
  start: { title: 'Start', text: 'Tell us you want to sell subscriptions. Your progress is saved after every step.' },
  age_gender: {
    title: 'Age and gender',
    text: 'Your date of birth (creators are 18 or older) and gender. Neither is shown on your profile.',
  },
  images_bio: { title: 'Images and bio', text: 'An avatar, a cover image and a short bio, so members know who they subscribe to.' },
  verify_identity: { title: 'Identity check', text: 'A quick check of an ID document by our verification partner.' },
  payout: { title: 'Payout details', text: 'A bank account or PayPal address for your earnings.' },
};

export type StepDisplay = 'done' | 'current' | 'pending' | 'todo';

export interface StepView {
  id: OnboardingStepId;
  label: string;
  path: string;
  /** What the stepper shows: the step of this page is `current` even when it is done already. */
  display: StepDisplay;
  done: boolean;
  /** The identity check waits on the provider. */
  pending: boolean;
  current: boolean;
  /** Whether the step's page can be opened now (every step needs sign-up started). */
  reachable: boolean;
}

export interface StepperState {
  steps: StepView[];
  /** Index of the current step; the number of steps when there is none (sign-up complete). */
  activeIndex: number;
  doneCount: number;
  total: number;
}

type Progress = Pick<OnboardingState, 'status' | 'steps' | 'nextStep'>;

const statusOf = (state: Progress | null | undefined, id: OnboardingStepId) =>
  state?.steps.find((step) => step.id === id)?.status ?? 'todo';

/**
 * The stepper's view of the server's onboarding state. `current` is the step whose page is
 * open; by default the server's next step (none once sign-up is complete).
 */
export function stepperState(state: Progress | null | undefined, current?: OnboardingStepId | null): StepperState {
  const currentId = current === undefined ? (state ? state.nextStep : 'start') : current;
  const started = Boolean(state && state.status !== 'not_started');
  const steps = ONBOARDING_STEPS.map((id): StepView => {
    const status = statusOf(state, id);
    const done = status === 'done';
    const pending = status === 'pending';
    const isCurrent = id === currentId;
    return {
      id,
      label: STEP_LABELS[id],
      path: paths.creatorSignupStep[id],
      display: isCurrent ? 'current' : done ? 'done' : pending ? 'pending' : 'todo',
      done,
      pending,
      current: isCurrent,
      reachable: id === 'start' || started,
    };
  });
  const activeIndex = steps.findIndex((step) => step.current);
  return {
    steps,
    activeIndex: activeIndex === -1 ? steps.length : activeIndex,
    doneCount: steps.filter((step) => step.done).length,
    total: steps.length,
  };
}

/** Where /creator/signup sends the user: the first unfinished step, or null once they are a creator. */
export function resumePath(state: Progress): string | null {
  if (state.status === 'completed') return null;
  if (state.status === 'not_started' || !state.nextStep) return paths.creatorSignupStep.start;
  return paths.creatorSignupStep[state.nextStep];
}

/**
 * Where to go after saving `current`: the success screen once sign-up is complete, else the
 * next step still to do (steps after `current` first, then earlier ones left open). A check
 * waiting on the provider is not "to do"; if nothing else is left, its page shows the wait.
 */
export function pathAfterStep(state: Progress, current: OnboardingStepId): string {
  if (state.status === 'completed') return paths.creatorSignup;
  const index = ONBOARDING_STEPS.indexOf(current);
  const order = [...ONBOARDING_STEPS.slice(index + 1), ...ONBOARDING_STEPS.slice(0, index)];
  const next = order.find((id) => statusOf(state, id) === 'todo');
  if (next) return paths.creatorSignupStep[next];
  return statusOf(state, 'verify_identity') === 'pending' ? paths.creatorSignupStep.verify_identity : paths.creatorSignup;
}
