import type { CreatorSort } from '@aurum/core';

/**
 * Every react-query key of the app, and the only place they are spelled out. Keys are
 * hierarchical: a key's `all` is the prefix of every key below it, so invalidating it
 * refreshes them all (`posts.all` refreshes every list of posts).
 */
export const queryKeys = {
  currentUser: ['currentUser'] as const,
  /** The signed-in member's latest download of their data. */
  dataExport: ['dataExport'] as const,
  accountSessions: ['accountSessions'] as const,
  /** The member's passkeys, authenticator app and recovery codes. */
  secondFactor: ['secondFactor'] as const,
  clientConfig: ['clientConfig'] as const,
  handleAvailability: (handle: string | null) => ['handleAvailability', handle] as const,
  /** This browser's push subscription (not the account's: one per device). */
  pushSubscription: ['pushSubscription'] as const,

  feed: ['feed'] as const,
  /** The feed with the posts already seen, for a member who is all caught up. */
  earlierFeed: ['feed', 'earlier'] as const,
  creators: {
    all: ['creators'] as const,
    search: (search: { q: string; sort: CreatorSort }) => ['creators', search] as const,
  },
  profilePage: {
    all: ['profilePage'] as const,
    one: (userId: string) => ['profilePage', userId] as const,
  },

  post: {
    all: ['post'] as const,
    one: (postId: string) => ['post', postId] as const,
  },
  posts: {
    all: ['posts'] as const,
    own: ['posts', 'mine'] as const,
    byCreator: (userId: string) => ['posts', 'creator', userId] as const,
  },
  /** What a tip to this creator may be (their currency and minimum); the creator's own too. */
  tipSettings: (creatorId: string) => ['tipSettings', creatorId] as const,
  mediaStatus: (mediaId: string) => ['mediaStatus', mediaId] as const,
  /** The signed-in user's storage: used and quota. */
  mediaUsage: ['mediaUsage'] as const,

  plans: {
    /** The signed-in creator's own plans, active or not: every screen that lists them shares this one. */
    own: ['plans', 'own'] as const,
    one: (planId: string) => ['plans', 'one', planId] as const,
  },
  offers: {
    /** The signed-in creator's discounts. */
    own: ['offers', 'own'] as const,
    /** The discounts a member may use on a creator's plans (with the code they came by). */
    forMember: (creatorId: string, code: string | null) => ['offers', 'member', creatorId, code ?? ''] as const,
  },
  trials: {
    /** The signed-in creator's free-trial links. */
    links: ['trials', 'links'] as const,
    /** A link as a member sees it before claiming. */
    offer: (code: string) => ['trials', 'offer', code] as const,
  },
  creatorOnboarding: ['creatorOnboarding'] as const,
  earnings: ['earnings'] as const,
  payoutMethods: ['payoutMethods'] as const,
  /** The signed-in creator's balances, schedule and method (`account`), and their payouts (`history`). */
  payouts: {
    all: ['payouts'] as const,
    account: ['payouts', 'account'] as const,
    history: ['payouts', 'history'] as const,
  },

  payments: {
    all: ['payments'] as const,
    config: ['payments', 'config'] as const,
    methods: ['payments', 'methods'] as const,
    method: (methodId: string) => ['payments', 'method', methodId] as const,
    history: ['payments', 'history'] as const,
  },
  chats: {
    all: ['chats'] as const,
    list: ['chats', 'list'] as const,
    unread: ['chats', 'unread'] as const,
    partners: (q: string) => ['chats', 'partners', q] as const,
    one: (chatId: string) => ['chats', 'one', chatId] as const,
    messages: (chatId: string) => ['chats', 'messages', chatId] as const,
  },
  admin: {
    all: ['admin'] as const,
    overview: ['admin', 'overview'] as const,
    users: (search: Record<string, string>) => ['admin', 'users', search] as const,
    user: (userId: string) => ['admin', 'user', userId] as const,
    audit: (filters: Record<string, string>) => ['admin', 'audit', filters] as const,
    verificationRequests: (filters: Record<string, string>) => ['admin', 'verification-requests', filters] as const,
    verificationRequest: (requestId: string) => ['admin', 'verification-request', requestId] as const,
    money: (list: string, filters: Record<string, string>) => ['admin', 'money', list, filters] as const,
    payment: (chargeId: string) => ['admin', 'payment', chargeId] as const,
    payouts: (filters: Record<string, string>) => ['admin', 'payouts', filters] as const,
    disputes: (filters: Record<string, string>) => ['admin', 'disputes', filters] as const,
    creatorPayouts: (creatorId: string) => ['admin', 'creator-payouts', creatorId] as const,
  },
  subscriptions: {
    all: ['subscriptions'] as const,
    list: ['subscriptions', 'list'] as const,
    one: (subId: string) => ['subscriptions', 'one', subId] as const,
    quote: (subId: string, planId: string) => ['subscriptions', 'quote', subId, planId] as const,
  },
  support: {
    all: ['support'] as const,
    mine: ['support', 'mine'] as const,
    /** A ticket as its author ('author') or support ('admin') reads it. */
    ticket: (side: string, ticketId: string) => ['support', side, ticketId] as const,
    queue: (status: string) => ['support', 'queue', status] as const,
  },
  people: {
    all: ['people'] as const,
    creators: (relation: string) => ['people', 'creators', relation] as const,
    fans: (filters: Record<string, string>) => ['people', 'fans', filters] as const,
  },
  /** The signed-in creator's fan lists and what they keep about each fan. */
  fanLists: {
    all: ['fanLists'] as const,
    /** Every answer of the lists with their counts (one per window of the ended list). */
    summaries: ['fanLists', 'summaries'] as const,
    summary: (days: number) => ['fanLists', 'summaries', days] as const,
    /** Every list's members, each list's, and one search of one list. */
    members: ['fanLists', 'members'] as const,
    membersOf: (ref: string) => ['fanLists', 'members', ref] as const,
    memberSearch: (ref: string, q: string) => ['fanLists', 'members', ref, q] as const,
    /** Each fan's note and the creator's own lists that hold them, and one fan's. */
    fans: ['fanLists', 'fan'] as const,
    fan: (userId: string) => ['fanLists', 'fan', userId] as const,
  },
  /** The signed-in creator's mass messages, one with what came of it, and how many fans a choice of lists reaches. */
  massMessages: {
    all: ['massMessages'] as const,
    list: ['massMessages', 'list'] as const,
    one: (massMessageId: string) => ['massMessages', 'one', massMessageId] as const,
    audience: (include: string, exclude: string) => ['massMessages', 'audience', include, exclude] as const,
  },
  /** The signed-in creator's vault: their uploads (one key per filter) and their folders. */
  vault: {
    all: ['vault'] as const,
    items: ['vault', 'items'] as const,
    search: (filters: Record<string, string>) => ['vault', 'items', filters] as const,
    folders: ['vault', 'folders'] as const,
  },
  moderation: {
    all: ['moderation'] as const,
    /** The signed-in user's moderation notices (a report's outcome, a removal, a suspension). */
    notices: ['moderation', 'notices'] as const,
    queue: ['moderation', 'queue'] as const,
    content: (contentId: string) => ['moderation', 'content', contentId] as const,
    restrictedWords: ['moderation', 'restrictedWords'] as const,
  },
} as const;
