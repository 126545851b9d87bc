import type { CurrentUser } from '@aurum/core';

/** Paths the app links to from more than one place. */
export const paths = {
  landing: '/',
  home: '/home',
  explore: '/explore',
  login: '/auth/login',
  register: '/auth/register',
  logout: '/auth/logout',
  deleteAccount: '/auth/delete',
  acceptTerms: '/auth/register/accept-terms',
  setupProfile: '/auth/register/setup-profile',
  terms: '/legal/tos',
  installApp: '/home/install-pwa',
  user: (userId: string) => `/users/${encodeURIComponent(userId)}`,
  personalDetails: (userId: string) => `/users/${encodeURIComponent(userId)}/personal-details`,
  chat: (chatId: string) => `/chat/${encodeURIComponent(chatId)}`,
  post: (postId: string) => `/posts/${encodeURIComponent(postId)}`,
  codeStep: (flow: 'login' | 'register', challengeId: string) => `/auth/${flow}/${encodeURIComponent(challengeId)}`,
} as const;

/**
 * The registration step a signed-in user still has to take, or null once registration is
 * complete. Terms come first because the server refuses a profile without them.
 */
export function pendingRegistrationStep(user: Pick<CurrentUser, 'registrationCompletedAt' | 'termsAcceptedAt'>): string | null {
  if (user.registrationCompletedAt) return null;
  return user.termsAcceptedAt ? paths.setupProfile : paths.acceptTerms;
}

/** Where a user lands after signing in or finishing a registration step. */
export function afterSignInPath(user: Pick<CurrentUser, 'registrationCompletedAt' | 'termsAcceptedAt'>): string {
  return pendingRegistrationStep(user) ?? paths.home;
}
