import { type CurrentUser, ONBOARDING_STEP_PATHS } from '@aurum/core';

const segment = encodeURIComponent;

/**
 * Every path the app links or navigates to, and the only place they are spelled out; the
 * route patterns they match are in `app/routes.ts`.
 */
export const paths = {
  landing: '/',
  about: '/about',
  home: '/home',
  installApp: '/home/install-pwa',
  explore: '/explore',
  support: '/support',
  newSupportTicket: '/support/new',
  supportTicket: (ticketId: string) => `/support/${segment(ticketId)}`,
  /** The people side of an account: one's creators, and a creator's fans. */
  people: '/users',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminUser: (userId: string) => `/admin/users/${segment(userId)}`,
  adminAudit: '/admin/audit',
  /** The audit log about one user. */
  adminAuditOf: (userId: string) => `/admin/audit?targetId=${segment(userId)}`,
  adminPayments: '/admin/payments',
  adminSupport: '/admin/support',
  adminSupportTicket: (ticketId: string) => `/admin/support/${segment(ticketId)}`,
  adminPayment: (chargeId: string) => `/admin/payments/${segment(chargeId)}`,
  adminPayouts: '/admin/payouts',
  adminDisputes: '/admin/disputes',
  adminOpenDisputes: '/admin/disputes?open=true&order=deadline',
  /** One creator's payouts in the payouts list. */
  adminPayoutsOf: (creatorId: string) => `/admin/payouts?creatorId=${segment(creatorId)}`,
  /** A creator's balances, hold and payout hold. */
  adminCreatorPayouts: (creatorId: string) => `/admin/payouts/creators/${segment(creatorId)}`,
  adminSubscriptions: '/admin/subscriptions',
  adminVerificationRequests: '/admin/verification-requests',
  /** The queue with only the requests waiting: what the admin home's count opens. */
  adminPendingVerifications: '/admin/verification-requests?status=pending',
  adminVerificationRequest: (requestId: string) => `/admin/verification-requests/${segment(requestId)}`,
  /** One member's verification requests. */
  adminVerificationHistory: (userId: string) => `/admin/verification-requests?userId=${segment(userId)}`,
  reportedContent: '/admin/reported-content',
  reportedContentItem: (contentId: string) => `/admin/reported-content/${segment(contentId)}`,
  restrictedWords: '/admin/restricted-words',
  notices: '/notices',
  terms: '/legal/tos',

  login: '/auth/login',
  register: '/auth/register',
  codeStep: (flow: 'login' | 'register', challengeId: string) => `/auth/${flow}/${segment(challengeId)}`,
  secondFactorStep: '/auth/second-factor',
  acceptTerms: '/auth/register/accept-terms',
  setupProfile: '/auth/register/setup-profile',
  logout: '/auth/logout',
  deleteAccount: '/auth/delete',

  user: (userId: string) => `/users/${segment(userId)}`,
  userBio: (userId: string) => `/users/${segment(userId)}/bio`,
  personalDetails: (userId: string) => `/users/${segment(userId)}/personal-details`,

  chats: '/chat',
  newChat: '/chat/new',
  chat: (chatId: string) => `/chat/${segment(chatId)}`,

  posts: '/posts',
  newPost: '/posts/new',
  post: (postId: string) => `/posts/${segment(postId)}`,
  editPost: (postId: string) => `/posts/${segment(postId)}/edit`,

  creatorDashboard: '/creator',
  creatorInsights: '/creator/insights',
  /** The creator's balances, withdrawals, payout method, automatic payouts and payout history. */
  creatorPayouts: '/creator/payouts',
  /** Resumes creator sign-up where it was left, or shows its success screen. */
  creatorSignup: '/creator/signup',
  creatorSignupStep: ONBOARDING_STEP_PATHS,

  plans: '/plans',
  createPlan: '/plans/create',
  plan: (planId: string) => `/plans/${segment(planId)}`,

  /** The creator's fan lists: the built-in ones and their own. */
  fanLists: '/lists',
  /** One list by its reference (`subscribers`, `ended:30`, `plan:<id>`, `list:<id>`). */
  fanList: (ref: string) => `/lists/${segment(ref)}`,
  /** The creator's vault: everything they uploaded, with where each item is used. */
  vault: '/vault',

  /** The creator's mass messages: one message to the fans on some of their lists, each in their own chat. */
  massMessages: '/mass-messages',
  newMassMessage: '/mass-messages/new',
  /** A new mass message with one list (by its reference) chosen to begin with. */
  newMassMessageTo: (ref: string) => `/mass-messages/new?include=${segment(ref)}`,
  massMessage: (massMessageId: string) => `/mass-messages/${segment(massMessageId)}`,

  subscribeTo: (creatorId: string) => `/users/subscribeTo/${segment(creatorId)}`,
  /** A free-trial link, as members open it. */
  trial: (code: string) => `/trial/${segment(code)}`,
  subscriptions: '/subscriptions',
  subscription: (subId: string) => `/subscriptions/${segment(subId)}`,
  editSubscription: (subId: string) => `/subscriptions/${segment(subId)}/edit`,

  paymentMethods: '/payment-methods',
  payments: '/payments',
  paymentMethod: (methodId: string) => `/payment-methods/${segment(methodId)}`,
} as const;

/** What a link to the subscribe page carries: where to return once subscribed, and the plan to preselect. */
export interface SubscribeLinkState {
  from?: string;
  planId?: string;
}

/**
 * The registration step a signed-in user still has to take, or null once registration is
 * complete. Terms come first because the server refuses a profile without them.
 */
function pendingRegistrationStep(user: Pick<CurrentUser, 'registrationCompletedAt' | 'termsAcceptedAt'>): string | null {
  if (user.registrationCompletedAt) return null;
  return user.termsAcceptedAt ? paths.setupProfile : paths.acceptTerms;
}

/** Where a user lands after signing in or finishing a registration step. */
export function afterSignInPath(user: Pick<CurrentUser, 'registrationCompletedAt' | 'termsAcceptedAt'>): string {
  return pendingRegistrationStep(user) ?? paths.home;
}
