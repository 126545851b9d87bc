import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchRoutes, type Params } from 'react-router';
import { feedQuery } from '../features/home/api';
import * as homePage from '../features/home/HomePage';

export type PageModule = { default: ComponentType };

/**
 * One entry per page of the product. `menu` pages show the navigation; `bare` pages
 * (landing, sign-in steps, registration) have none. Entries without `page` are features
 * still to come and show the shared placeholder under their title.
 */
export interface AppRoute {
  path: string;
  title: string;
  layout: 'menu' | 'bare';
  page?: () => Promise<PageModule>;
  /** A path that only forwards somewhere else. */
  redirectTo?: string;
  /** Asks for the page's data when the app starts on it, together with its code and the current user. */
  prefetch?: (queryClient: QueryClient) => Promise<unknown>;
  /**
   * A page for browsing, where the install banner may come up. Never on a step of a task (its
   * main button must stay clear: sign-up, paying, writing), nor on home, which has its own card.
   */
  installPrompt?: true;
  /** The page fills the window's height, so its last part stays at the bottom however short the rest (a chat's message box). */
  fillsWindow?: true;
}

const emailStep = () => import('../features/auth/EmailStepPage');
const codeStep = () => import('../features/auth/CodeStepPage');
const supportPages = () => import('../features/support/SupportPages');

export const APP_ROUTES: AppRoute[] = [
  { path: '/', title: 'Welcome', layout: 'bare', page: () => import('../features/landing/LandingPage') },
  { path: '/about', title: 'About Aurum', layout: 'bare', page: () => import('../features/landing/AboutPage') },

  { path: '/admin', title: 'Admin', layout: 'menu', page: () => import('../features/admin/AdminHomePage') },
  { path: '/admin/audit', title: 'Audit log', layout: 'menu', page: () => import('../features/admin/AdminAuditPage') },
  { path: '/admin/payments', title: 'Payments', layout: 'menu', page: () => import('../features/admin/AdminPaymentsPage') },
  { path: '/admin/payments/:chargeId', title: 'Payment', layout: 'menu', page: () => import('../features/admin/AdminPaymentPage') },
  { path: '/admin/payouts', title: 'Payouts', layout: 'menu', page: () => import('../features/admin/AdminPayoutsPage') },
  { path: '/admin/disputes', title: 'Disputes', layout: 'menu', page: () => import('../features/admin/AdminDisputesPage') },
  {
    path: '/admin/payouts/creators/:creatorId',
    title: 'Creator payouts',
    layout: 'menu',
    page: () => import('../features/admin/AdminCreatorPayoutsPage'),
  },
  {
    path: '/admin/reported-content',
    title: 'Reported content',
    layout: 'menu',
    page: () => import('../features/moderation/ReportedContentPage'),
  },
  {
    path: '/admin/reported-content/:contentId',
    title: 'Reported content',
    layout: 'menu',
    page: () => import('../features/moderation/ReportedContentItemPage'),
  },
  {
    path: '/admin/restricted-words',
    title: 'Restricted words',
    layout: 'menu',
    page: () => import('../features/moderation/RestrictedWordsPage'),
  },
  {
    path: '/admin/subscriptions',
    title: 'All subscriptions',
    layout: 'menu',
    page: () => import('../features/admin/AdminSubscriptionsPage'),
  },
  { path: '/admin/support', title: 'Support queue', layout: 'menu', page: supportPages },
  { path: '/admin/support/:ticketId', title: 'Support ticket', layout: 'menu', page: supportPages },
  { path: '/admin/users', title: 'Users', layout: 'menu', page: () => import('../features/admin/AdminUsersPage') },
  { path: '/admin/users/:userId', title: 'User', layout: 'menu', page: () => import('../features/admin/AdminUserPage') },
  {
    path: '/admin/verification-requests',
    title: 'Verification requests',
    layout: 'menu',
    page: () => import('../features/admin/AdminVerificationRequestsPage'),
  },
  {
    path: '/admin/verification-requests/:requestId',
    title: 'Verification request',
    layout: 'menu',
    page: () => import('../features/admin/AdminVerificationRequestPage'),
  },

  { path: '/auth', title: 'Sign in', layout: 'bare', redirectTo: '/auth/login' },
  { path: '/auth/delete', title: 'Delete your account', layout: 'menu', page: () => import('../features/auth/DeleteAccountPage') },
  { path: '/auth/login', title: 'Sign in', layout: 'menu', page: emailStep },
  { path: '/auth/link', title: 'Sign in', layout: 'bare', page: () => import('../features/auth/SignInLinkPage') },
  { path: '/auth/login/:challengeId', title: 'Enter your code', layout: 'bare', page: codeStep },
  {
    path: '/auth/second-factor',
    title: 'Confirm it is you',
    layout: 'bare',
    page: () => import('../features/auth/SecondFactorStepPage'),
  },
  { path: '/auth/logout', title: 'Signing out', layout: 'bare', page: () => import('../features/auth/LogoutPage') },
  { path: '/auth/register', title: 'Create your account', layout: 'bare', page: emailStep },
  {
    path: '/auth/register/accept-terms',
    title: 'Terms of service',
    layout: 'bare',
    page: () => import('../features/auth/AcceptTermsPage'),
  },
  {
    path: '/auth/register/setup-profile',
    title: 'Set up your profile',
    layout: 'bare',
    page: () => import('../features/auth/SetupProfilePage'),
  },
  { path: '/auth/register/signup', title: 'Create your account', layout: 'bare', page: emailStep },
  {
    path: '/auth/register/verify-identity',
    title: 'Verify your identity',
    layout: 'bare',
    page: () => import('../features/auth/VerifyIdentityPage'),
  },
  { path: '/auth/register/:challengeId', title: 'Enter your code', layout: 'bare', page: codeStep },

  { path: '/chat', title: 'Chat', layout: 'menu', installPrompt: true, page: () => import('../features/chat/ChatListPage') },
  { path: '/chat/new', title: 'New chat', layout: 'menu', page: () => import('../features/chat/NewChatPage') },
  { path: '/chat/:chatId', title: 'Chat', layout: 'menu', fillsWindow: true, page: () => import('../features/chat/ChatPage') },

  {
    path: '/creator',
    title: 'Creator',
    layout: 'menu',
    installPrompt: true,
    page: () => import('../features/creator/CreatorDashboardPage'),
  },
  { path: '/creator/insights', title: 'Insights', layout: 'menu', page: () => import('../features/insights/InsightsPage') },
  { path: '/creator/payouts', title: 'Payouts', layout: 'menu', page: () => import('../features/payouts/PayoutsPage') },
  { path: '/creator/signup', title: 'Become a creator', layout: 'menu', page: () => import('../features/creator/SignupPage') },
  {
    path: '/creator/signup/add-images-and-bio',
    title: 'Images and bio',
    layout: 'menu',
    page: () => import('../features/creator/ImagesBioPage'),
  },
  { path: '/creator/signup/age-gender', title: 'Age and gender', layout: 'menu', page: () => import('../features/creator/AgeGenderPage') },
  { path: '/creator/signup/payment', title: 'Payouts', layout: 'menu', page: () => import('../features/creator/PaymentPage') },
  { path: '/creator/signup/start', title: 'Start as a creator', layout: 'menu', page: () => import('../features/creator/StartPage') },
  {
    path: '/creator/signup/verify-identity',
    title: 'Verify your identity',
    layout: 'menu',
    page: () => import('../features/creator/VerifyIdentityPage'),
  },

  { path: '/explore', title: 'Explore', layout: 'menu', installPrompt: true, page: () => import('../features/explore/ExplorePage') },

  {
    path: '/home',
    title: 'Home',
    layout: 'menu',
    // Part of the app's shell, with the menu layout: the page members open most renders once
    // the shell has run, without a second round of chunks (each a request on a slow network).
    page: () => Promise.resolve(homePage),
    prefetch: (queryClient) => queryClient.prefetchInfiniteQuery(feedQuery()),
  },
  { path: '/home/install-pwa', title: 'Install Aurum', layout: 'menu', page: () => import('../features/home/InstallAppPage') },

  { path: '/lists', title: 'Fan lists', layout: 'menu', installPrompt: true, page: () => import('../features/fan-lists/FanListsPage') },
  { path: '/lists/:ref', title: 'Fan list', layout: 'menu', page: () => import('../features/fan-lists/FanListPage') },

  {
    path: '/mass-messages',
    title: 'Mass messages',
    layout: 'menu',
    installPrompt: true,
    page: () => import('../features/mass-messages/MassMessagesPage'),
  },
  {
    path: '/mass-messages/new',
    title: 'New mass message',
    layout: 'menu',
    page: () => import('../features/mass-messages/NewMassMessagePage'),
  },
  {
    path: '/mass-messages/:massMessageId',
    title: 'Mass message',
    layout: 'menu',
    page: () => import('../features/mass-messages/MassMessagePage'),
  },

  { path: '/legal/tos', title: 'Terms of service', layout: 'menu', page: () => import('../features/legal/TermsPage') },
  { path: '/notices', title: 'Notices', layout: 'menu', installPrompt: true, page: () => import('../features/moderation/NoticesPage') },

  {
    path: '/payment-methods',
    title: 'Payment methods',
    layout: 'menu',
    page: () => import('../features/payments/PaymentMethodsPage'),
  },
  { path: '/payments', title: 'Payments', layout: 'menu', page: () => import('../features/payments/PaymentHistoryPage') },
  {
    path: '/payment-methods/:methodId',
    title: 'Payment method',
    layout: 'menu',
    page: () => import('../features/payments/PaymentMethodPage'),
  },

  { path: '/plans', title: 'Plans', layout: 'menu', installPrompt: true, page: () => import('../features/plans/PlansPage') },
  { path: '/plans/create', title: 'Create a plan', layout: 'menu', page: () => import('../features/plans/CreatePlanPage') },
  { path: '/plans/:planId', title: 'Plan', layout: 'menu', page: () => import('../features/plans/PlanPage') },

  { path: '/posts', title: 'Posts', layout: 'menu', installPrompt: true, page: () => import('../features/posts/PostsPage') },
  { path: '/posts/new', title: 'New post', layout: 'menu', page: () => import('../features/posts/NewPostPage') },
  { path: '/posts/:postId', title: 'Post', layout: 'menu', installPrompt: true, page: () => import('../features/posts/PostPage') },
  { path: '/posts/:postId/edit', title: 'Edit post', layout: 'bare', page: () => import('../features/posts/EditPostPage') },

  {
    path: '/subscriptions',
    title: 'Subscriptions',
    layout: 'menu',
    installPrompt: true,
    page: () => import('../features/subscriptions/SubscriptionsPage'),
  },
  {
    path: '/subscriptions/:subId',
    title: 'Subscription',
    layout: 'menu',
    page: () => import('../features/subscriptions/SubscriptionPage'),
  },
  {
    path: '/subscriptions/:subId/edit',
    title: 'Change subscription',
    layout: 'menu',
    page: () => import('../features/subscriptions/EditSubscriptionPage'),
  },

  { path: '/support', title: 'Support', layout: 'menu', page: supportPages },
  { path: '/support/new', title: 'New support ticket', layout: 'menu', page: supportPages },
  { path: '/support/:ticketId', title: 'Support ticket', layout: 'menu', page: supportPages },

  { path: '/trial/:code', title: 'Free trial', layout: 'menu', page: () => import('../features/subscriptions/TrialPage') },

  { path: '/users', title: 'People', layout: 'menu', installPrompt: true, page: () => import('../features/people/PeoplePage') },
  {
    path: '/users/subscribeTo/:creatorId',
    title: 'Subscribe',
    layout: 'menu',
    page: () => import('../features/subscriptions/SubscribePage'),
  },
  { path: '/users/:userId', title: 'Profile', layout: 'menu', installPrompt: true, page: () => import('../features/profile/ProfilePage') },
  { path: '/users/:userId/bio', title: 'Bio', layout: 'menu', installPrompt: true, page: () => import('../features/profile/BioPage') },
  {
    path: '/users/:userId/personal-details',
    title: 'Personal details',
    layout: 'menu',
    page: () => import('../features/auth/PersonalDetailsPage'),
  },

  { path: '/vault', title: 'Vault', layout: 'menu', installPrompt: true, page: () => import('../features/vault/VaultPage') },
];

type RouteMatch = { route: AppRoute; params: Params } | null;

/**
 * Matches already made, by path: the router flattens and ranks the whole table on every match,
 * and the root asks on each render (title, guard), so a path is matched once. The table never
 * changes; the oldest entries go beyond MATCHES_KEPT paths.
 */
const matches = new Map<string, RouteMatch>();
const MATCHES_KEPT = 200;

/** The route of a path, ranked as the router ranks them, with its params; null when the app has no page for it. */
export function matchAppRoute(pathname: string): RouteMatch {
  const known = matches.get(pathname);
  if (known !== undefined) return known;
  const match = matchRoutes(APP_ROUTES, pathname)?.at(-1);
  const found = match ? { route: match.route, params: match.params } : null;
  if (matches.size >= MATCHES_KEPT) matches.delete(matches.keys().next().value as string);
  matches.set(pathname, found);
  return found;
}

/** Whether the install banner may come up on this path (see AppRoute.installPrompt). */
export const offersInstallPrompt = (pathname: string): boolean => matchAppRoute(pathname)?.route.installPrompt === true;

/** Whether the page on this path fills the window's height (see AppRoute.fillsWindow). */
export const fillsWindow = (pathname: string): boolean => matchAppRoute(pathname)?.route.fillsWindow === true;

/** Whether the app has a page for the path; the guard sends unknown paths to the start. */
export function isKnownPath(pathname: string): boolean {
  return matchAppRoute(pathname) !== null;
}
