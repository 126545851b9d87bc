import type {
  AgeGenderInput,
  Earnings,
  ImagesBioInput,
  ManualVerificationRequestInput,
  MyVerificationRequest,
  OnboardingState,
  VerificationSession,
} from '@aurum/core';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';

/** Creator sign-up calls: the saved progress and one call per step. */

export const onboardingQuery = queryOptions({
  queryKey: queryKeys.creatorOnboarding,
  queryFn: () => api.get<OnboardingState>('/creator/onboarding'),
});

export const startOnboarding = () => api.post<OnboardingState>('/creator/onboarding/start');

export const saveAgeGender = (input: AgeGenderInput) => apiRequest<OnboardingState>('PUT', '/creator/onboarding/age-gender', input);

export const saveImagesBio = (input: ImagesBioInput) => apiRequest<OnboardingState>('PUT', '/creator/onboarding/images-bio', input);

/** Starts an identity check; the provider sends the user back to the verify-identity step. */
export const startVerification = () => api.post<VerificationSession>('/creator/onboarding/verification');

/** Asks an admin to check one's age by hand. */
export const requestManualVerification = (input: ManualVerificationRequestInput) =>
  api.post<MyVerificationRequest>('/me/verification-requests', input);

/** A user's own avatar or cover as the server serves it; `v` changes with the image so caches never go stale. */
export const profileImageUrl = (userId: string, image: 'avatar' | 'cover', mediaId: string) =>
  `/api/users/${encodeURIComponent(userId)}/${image}?v=${encodeURIComponent(mediaId)}`;

/** A creator's earnings per currency, from the ledger, net of the platform's fee. */
export const earningsQuery = queryOptions({
  queryKey: queryKeys.earnings,
  queryFn: () => api.get<Earnings>('/me/earnings'),
});
