/**
 * The creator sign-up steps and their pages. Plain values without zod, so that importing them
 * (the web app's paths, on every page) does not pull the validation library into the first load.
 */

/** The sign-up steps in the order the pages show them. After `start` they may be done in any order. */
export const ONBOARDING_STEPS = ['start', 'age_gender', 'images_bio', 'verify_identity', 'payout'] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number];

/** The page of each step under /creator/signup. */
export const ONBOARDING_STEP_PATHS: Record<OnboardingStepId, string> = {
  start: '/creator/signup/start',
  age_gender: '/creator/signup/age-gender',
  images_bio: '/creator/signup/add-images-and-bio',
  verify_identity: '/creator/signup/verify-identity',
  payout: '/creator/signup/payment',
};
