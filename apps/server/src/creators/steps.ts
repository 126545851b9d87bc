import {
  ONBOARDING_STEP_PATHS,
  ONBOARDING_STEPS,
  type OnboardingStepId,
  type OnboardingStepStatus,
  type VerificationStatus,
} from '@aurum/core';
import type { OnboardingRow } from './completion.js';

type StepTimes = Pick<
  OnboardingRow,
  'startedAt' | 'ageGenderDoneAt' | 'imagesBioDoneAt' | 'identityDoneAt' | 'payoutDoneAt' | 'completedAt'
>;

export interface OnboardingProgress {
  status: 'not_started' | 'in_progress' | 'completed';
  steps: { id: OnboardingStepId; status: OnboardingStepStatus; path: string }[];
  nextStep: OnboardingStepId | null;
}

/**
 * Where a user stands in creator sign-up: each step's status and the first one still to
 * do. Identity is `pending` while the latest verification waits on the provider.
 */
export function onboardingProgress(
  row: StepTimes | null,
  facts: { isCreator: boolean; latestVerification: VerificationStatus | null },
): OnboardingProgress {
  const doneAt: Record<OnboardingStepId, Date | null | undefined> = {
    start: row?.startedAt,
    age_gender: row?.ageGenderDoneAt,
    images_bio: row?.imagesBioDoneAt,
    verify_identity: row?.identityDoneAt,
    payout: row?.payoutDoneAt,
  };
  const steps = ONBOARDING_STEPS.map((id) => {
    const status: OnboardingStepStatus = doneAt[id]
      ? 'done'
      : id === 'verify_identity' && facts.latestVerification === 'pending'
        ? 'pending'
        : 'todo';
    return { id, status, path: ONBOARDING_STEP_PATHS[id] };
  });
  const completed = facts.isCreator || Boolean(row?.completedAt);
  return {
    status: completed ? 'completed' : row ? 'in_progress' : 'not_started',
    steps,
    nextStep: completed ? null : (steps.find((step) => step.status !== 'done')?.id ?? null),
  };
}
