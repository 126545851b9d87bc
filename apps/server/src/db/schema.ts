import type { DerivativeKind } from '@aurum/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** A column naming the user a row belongs to; the row goes when the user's row does. */
const userReference = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The account: who signs in, with which address, and which labels (roles) it carries. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull().default(''),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    emailVerified: boolean('email_verified').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Set by an admin: the account still signs in, but its posts are hidden and its subscriptions stop renewing. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Set when the member deleted their own account (it is disabled too); only such an account can be anonymised. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set when an admin replaced the deleted account's personal data. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The admin users list walks accounts newest first.
  (t) => [
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Its search looks anywhere in an address, any case.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/** What others see of a user. The handle is stored lower-case, so uniqueness is case-insensitive. */
export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle'),
    publicName: text('public_name'),
    avatarColor: text('avatar_color').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    bio: text('bio'),
    avatarMediaId: text('avatar_media_id'),
    coverMediaId: text('cover_media_id'),
    lastOnline: timestamp('last_online', { withTimezone: true }),
    /** Follows by accounts that are not disabled; kept by triggers on follows and users (migration 0007), never written by the app. */
    followerCount: integer('follower_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('profiles_handle_unique').on(t.handle),
    // Explore's most-followed order walks this index and stops once a page is full.
    index('profiles_follower_count_idx').on(t.followerCount.desc().nullsFirst(), t.userId.desc().nullsFirst()),
    // Explore's search is "contains, any case" (ilike '%text%'): trigram indexes answer it
    // without reading every profile.
    index('profiles_handle_trgm_idx').using('gin', sql`${t.handle} gin_trgm_ops`),
    index('profiles_public_name_trgm_idx').using('gin', sql`${t.publicName} gin_trgm_ops`),
  ],
);

/** Private per-user state: registration, identity verification and terms acceptance. */
export const userData = pgTable('user_data', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  registrationCompletedAt: timestamp('registration_completed_at', { withTimezone: true }),
  identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  termsVersion: text('terms_version'),
  /** Whether unread chat messages are announced by e-mail after a quiet spell. */
  chatEmailNotices: boolean('chat_email_notices').notNull().default(true),
  /** Whether a new post of a creator one subscribes to is announced by push notification (opt-in). */
  pushNewPosts: boolean('push_new_posts').notNull().default(false),
  /** Whether a new chat message is announced by push notification (opt-in). */
  pushChatMessages: boolean('push_chat_messages').notNull().default(false),
  /** Whether this user's sessions may be recorded (PostHog, production only; opt-in). */
  sessionRecording: boolean('session_recording').notNull().default(false),
  /** The IANA time zone a creator's insights are counted in (days, weeks, months); null: the browser's. */
  timeZone: text('time_zone'),
});

/** One pending sign-in code per address; a new request replaces the row. Only an HMAC of the code is kept. */
export const signInCodes = pgTable('sign_in_codes', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Signed-in sessions. The id is a SHA-256 of the cookie token, so a database leak yields no usable cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server instance (per address, per IP). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** A creator-to-be's progress through the sign-up steps; each step records when it was done. */
export const creatorOnboarding = pgTable('creator_onboarding', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  birthDate: date('birth_date'),
  gender: text('gender'),
  ageGenderDoneAt: timestamp('age_gender_done_at', { withTimezone: true }),
  imagesBioDoneAt: timestamp('images_bio_done_at', { withTimezone: true }),
  identityDoneAt: timestamp('identity_done_at', { withTimezone: true }),
  payoutDoneAt: timestamp('payout_done_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** One identity or age check with a provider; its history is in verification_events. */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    provider: text('provider').notNull(),
    /** `provider`: a session with the configured provider; `manual`: checked by an admin by hand (asked for by the member, or done from the user detail). */
    kind: text('kind').notNull().default('provider'),
    /** What the member wrote when asking for a manual check. */
    note: text('note'),
    providerSessionId: text('provider_session_id'),
    sessionType: text('session_type').notNull().default('age'),
    status: text('status').notNull(),
    providerUrl: text('provider_url'),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_requests_user_idx').on(t.userId),
    uniqueIndex('verification_requests_provider_session_unique').on(t.provider, t.providerSessionId),
    // The admin queue walks requests newest first, all of them or one status.
    index('verification_requests_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('verification_requests_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A member has at most one manual request waiting for an admin.
    uniqueIndex('verification_requests_one_pending_manual').on(t.userId).where(sql`${t.kind} = 'manual' and ${t.status} = 'pending'`),
    check('verification_requests_kind_check', sql`${t.kind} in ('provider', 'manual')`),
  ],
);

export const verificationEvents = pgTable(
  'verification_events',
  {
    id: text('id').primaryKey(),
    requestId: text('request_id')
      .notNull()
      .references(() => verificationRequests.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    source: text('source').notNull(),
    payload: jsonb('payload'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_events_request_idx').on(t.requestId)],
);

/** Where a creator's earnings go. Details keep only what payouts need, masked; one method is active. */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    type: text('type').notNull(),
    details: jsonb('details').notNull(),
    /**
     * A bank account's full details, AES-256-GCM sealed, kept only while the server pays bank
     * accounts by manual transfer; read only by the admin's bank transfers export.
     */
    sealedDetails: text('sealed_details'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payout_methods_one_active').on(t.userId).where(sql`${t.active}`)],
);

/** A creator's paid plan. Prices are integer minor units with an ISO currency. */
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    creatorId: userReference('creator_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    billingPeriodDays: integer('billing_period_days').notNull().default(30),
    perks: jsonb('perks').notNull().default(sql`'{}'::jsonb`),
    active: boolean('active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plans_creator_idx').on(t.creatorId, t.active)],
);

/**
 * An uploaded file and its derivatives. Originals are served only to viewers the access
 * rules allow; the blurred derivatives and placeholder are what everyone else gets.
 */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    ownerId: userReference('owner_id'),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    originalName: text('original_name'),
    originalKey: text('original_key').notNull(),
    status: text('status').notNull(),
    failureReason: text('failure_reason'),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    placeholder: text('placeholder'),
    thumbKey: text('thumb_key'),
    blurKey: text('blur_key'),
    blurThumbKey: text('blur_thumb_key'),
    posterKey: text('poster_key'),
    playableKey: text('playable_key'),
    playableMime: text('playable_mime'),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** When the item was last taken out of a post: its unattached grace period counts from then, not from the upload. */
    detachedAt: timestamp('detached_at', { withTimezone: true }),
  },
  (t) => [index('media_owner_idx').on(t.ownerId)],
);

/** Where each derivative's storage key is kept on a media row (null until it is made). */
export const DERIVATIVE_KEY_COLUMNS = {
  thumb: 'thumbKey',
  blur: 'blurKey',
  blurThumb: 'blurThumbKey',
  poster: 'posterKey',
  playable: 'playableKey',
} as const satisfies Record<DerivativeKind, keyof typeof media.$inferSelect>;

/** A creator's post. `access` holds levels (public, follower, sneakpeek, subscription, private) and plan ids. */
export const posts = pgTable(
  'posts',
  {
    id: text('id').primaryKey(),
    creatorId: userReference('creator_id'),
    text: text('text').notNull().default(''),
    access: text('access').array().notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Why an admin removed the post (then deleted_at is set too); the creator is told. */
    removedReason: text('removed_reason'),
    /** The post's likes; kept by triggers on likes (migration 0007), never written by the app. */
    likeCount: integer('like_count').notNull().default(0),
    /**
     * The post's media as every post list sends it (its items in order, which derivatives
     * exist), kept by triggers on post_media and media (migration 0020), never written by the
     * app: a page of cards then reads one column instead of joining media for each post.
     */
    mediaItems: json('media_items').notNull().default(sql`'[]'::json`),
  },
  (t) => [
    index('posts_creator_publish_idx').on(t.creatorId, t.publishAt),
    // The feed lists visible posts newest first: in this order the planner walks the newest
    // posts and stops once a page is full, instead of computing every post's access level and
    // sorting them all (EXPLAIN in bench/RESULTS.md).
    index('posts_publish_idx').on(t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Sneak-peek candidates are about one post in a hundred a viewer may be offered: the feed
    // walks only these, newest first, instead of a thousand posts to find a dozen.
    index('posts_sneakpeek_publish_idx')
      .on(t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`'sneakpeek' = any(${t.access}) and ${t.deletedAt} is null`),
  ],
);

/** The media of a post, in order. A media item belongs to at most one post. */
export const postMedia = pgTable(
  'post_media',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] }), uniqueIndex('post_media_media_unique').on(t.mediaId)],
);

export const follows = pgTable(
  'follows',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    creatorId: userReference('creator_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_user_creator_unique').on(t.userId, t.creatorId),
    index('follows_creator_idx').on(t.creatorId),
    // The people lists walk one side's follows newest first (a creator's fans, one's creators).
    index('follows_creator_created_idx').on(t.creatorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('follows_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** A member's subscription to a plan; it grants access while valid_until is in the future. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    creatorId: userReference('creator_id'),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    paymentMethodId: text('payment_method_id').references(() => paymentMethods.id),
    autoRenew: boolean('auto_renew').notNull().default(true),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set when a renewal charge failed; cleared by the next successful one. */
    renewalFailedAt: timestamp('renewal_failed_at', { withTimezone: true }),
    renewalFailures: integer('renewal_failures').notNull().default(0),
    /** Set when renewal gave up after the grace period; the subscription is over. */
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    /** When the member turned renewal off (insights date a cancellation by it); cleared when renewal is turned back on. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Creator insights read a creator's subscriptions, and those ending today.
    index('subscriptions_creator_idx').on(t.creatorId, t.createdAt),
    index('subscriptions_creator_valid_idx').on(t.creatorId, t.validUntil),
    // The admin subscriptions list: newest first.
    index('subscriptions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('subscriptions_user_creator_idx').on(t.userId, t.creatorId, t.validUntil),
    index('subscriptions_renewal_due_idx').on(t.validUntil).where(sql`${t.autoRenew} and ${t.lapsedAt} is null`),
  ],
);

/**
 * Creator insights per creator and local day (in the creator's stored time zone, UTC without
 * one): the ledger's gross, fee, net and charge count per currency (`key`), the subscription
 * events per plan and the follows. Kept exact by triggers on ledger_entries, charges,
 * subscriptions and follows, and rebuilt when the creator's time zone changes (migration 0015).
 */
export const creatorDailyInsights = pgTable(
  'creator_daily_insights',
  {
    creatorId: userReference('creator_id'),
    day: date('day').notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull().default(''),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.day, t.metric, t.key] })],
);

/** Durable background jobs: survive restarts, retry with backoff, and are claimed with SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt)],
);

/** A member's like of a post; one per member and post, so liking twice changes nothing. */
export const likes = pgTable(
  'likes',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userReference('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('likes_user_idx').on(t.userId)],
);

/** What a member has already seen (a post on screen long enough); the feed leaves the latest ones out. */
export const seenRecords = pgTable(
  'seen_records',
  {
    userId: userReference('user_id'),
    entityId: text('entity_id').notNull(),
    type: text('type').notNull().default('post'),
    durationMs: integer('duration_ms').notNull().default(1000),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('seen_records_user_type_entity_unique').on(t.userId, t.type, t.entityId),
    index('seen_records_user_created_idx').on(t.userId, t.createdAt.desc()),
    // Creator insights count a post's views.
    index('seen_records_entity_idx').on(t.entityId, t.createdAt),
  ],
);

/** A member's block of another user (creator or member): the blocked user's creators and posts vanish for the blocker. */
export const blocks = pgTable(
  'blocks',
  {
    userId: userReference('user_id'),
    blockedUserId: userReference('blocked_user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockedUserId] }), index('blocks_blocked_idx').on(t.blockedUserId)],
);

/** A member's customer record at a payment provider (Stripe customer id); one per provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: userReference('user_id'),
    provider: text('provider').notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * A saved way to pay. Only the provider's token and what the member needs to recognise it
 * (brand and last 4, or the PayPal address) are kept: never a card number. Removed methods
 * stay for the history of the charges made with them.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    type: text('type').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    email: text('email'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_one_default').on(t.userId).where(sql`${t.isDefault} and ${t.removedAt} is null`),
  ],
);

/**
 * One attempt to take money, written as `pending` before the provider is asked and settled
 * after. The idempotency key goes to the provider, so asking again after a crash finds the
 * same payment instead of making a second one; `subscription_id` is chosen up front so the
 * subscription written after the charge is the same row however often that step is retried.
 */
export const charges = pgTable(
  'charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    userId: userReference('user_id'),
    creatorId: userReference('creator_id'),
    /** Plan, subscription and period name what a subscription, renewal or plan change pays for; other kinds leave them empty (a refund names the plan only). */
    planId: text('plan_id').references(() => plans.id),
    subscriptionId: text('subscription_id'),
    /** The message a `paid_message` charge unlocks; other kinds leave it empty. */
    messageId: text('message_id'),
    /** A `refund` gives back the payment of this charge (the refund's user, creator, method and currency are its). */
    refundOf: text('refund_of'),
    /** A refund of a subscription's payment ends the subscription at once (true) or lets it run to its period's end. */
    refundEndsAccess: boolean('refund_ends_access'),
    /** Why the admin refunded (also in the audit row). */
    refundReason: text('refund_reason'),
    paymentMethodId: text('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** The period the charge pays for; a renewal's start is the end of the period it extends. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('charges_subscription_idx').on(t.subscriptionId),
    index('charges_status_idx').on(t.status, t.createdAt),
    check(
      'charges_subscription_kinds_check',
      sql`${t.kind} not in ('subscription', 'renewal', 'plan_change') or (${t.planId} is not null and ${t.subscriptionId} is not null and ${t.periodStart} is not null and ${t.periodEnd} is not null)`,
    ),
    // Creator insights read a creator's charges and their ledger entries.
    index('charges_creator_idx').on(t.creatorId),
    check('charges_paid_message_check', sql`${t.kind} <> 'paid_message' or ${t.messageId} is not null`),
    check('charges_refund_check', sql`(${t.kind} = 'refund') = (${t.refundOf} is not null and ${t.refundEndsAccess} is not null)`),
    // Refunds give back a whole payment: one refund that has not failed per charge.
    uniqueIndex('charges_refund_of_unique').on(t.refundOf).where(sql`${t.refundOf} is not null and ${t.status} <> 'failed'`),
    // A provider's notification about a payment (a dispute) names it by the provider's id.
    index('charges_provider_ref_idx').on(t.providerRef).where(sql`${t.providerRef} is not null`),
    // The admin payments list: newest first.
    index('charges_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * A member's bank disputing a payment (a chargeback), as the provider reports it: one per
 * charge and provider dispute. Its money is ledger entries on the disputed charge (the
 * chargeback when the provider took the funds, the credit when it gave them back); the
 * `debited_at` and `credited_at` marks say which were posted, so a repeated or late
 * notification posts nothing twice.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    /** The provider's id for the dispute (Stripe `dp_...`). */
    providerRef: text('provider_ref').notNull(),
    chargeId: text('charge_id')
      .notNull()
      .references(() => charges.id),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** The provider's dispute fee taken from the platform and passed to the creator. */
    feeMinor: integer('fee_minor').notNull().default(0),
    /** What of the fee the provider gave back with a won dispute. */
    feeReturnedMinor: integer('fee_returned_minor').notNull().default(0),
    reason: text('reason').notNull(),
    /** The provider's state (core DISPUTE_STATUSES). */
    status: text('status').notNull(),
    outcome: text('outcome'),
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }),
    /** Where an admin submits evidence (the provider's dashboard); null where there is none. */
    evidenceUrl: text('evidence_url'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** When the chargeback entries were posted: the provider took the funds. */
    debitedAt: timestamp('debited_at', { withTimezone: true }),
    /** When a won dispute's credit was posted. */
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('disputes_provider_ref_unique').on(t.provider, t.providerRef),
    // A payment is disputed once: its ledger entries are one per kind.
    uniqueIndex('disputes_charge_unique').on(t.chargeId),
    check('disputes_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('won', 'lost')`),
    // The admin list: newest first, or the soonest deadline first.
    index('disputes_opened_idx').on(t.openedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('disputes_due_idx').on(t.evidenceDueBy.asc().nullsLast(), t.id),
  ],
);

/**
 * Money movements in integer minor units. A settled charge posts the member's payment, the
 * platform's fee and the creator's earning (fee + earning = payment); a refund posts the
 * reversals; a dispute posts its chargeback (and dispute fee) and a won dispute's credit on the disputed charge; a payout posts the creator's withdrawal (negative) and, if it fails, its return.
 * One entry per charge (or payout) and kind, so posting twice is impossible.
 *
 * A creator's entries also carry when they count as available: an earning after the hold, a
 * debit at once (or with the earning it reverses, while that is still held). `released_at`
 * marks the entries the creator's kept balance already counts as available.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: text('id').primaryKey(),
    chargeId: text('charge_id').references(() => charges.id),
    payoutId: text('payout_id').references(() => payouts.id),
    kind: text('kind').notNull(),
    /** The member for payments and refunds, the creator for earnings and payouts; null for the platform's fee. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    /** A creator's entry: when it leaves the hold. Null on the member's and the platform's entries. */
    availableAt: timestamp('available_at', { withTimezone: true }),
    /** A creator's entry: when the kept balance moved it from pending to available. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ledger_entries_charge_kind_unique').on(t.chargeId, t.kind),
    uniqueIndex('ledger_entries_payout_kind_unique').on(t.payoutId, t.kind),
    check('ledger_entries_source_check', sql`(${t.chargeId} is null) <> (${t.payoutId} is null)`),
    index('ledger_entries_user_idx').on(t.userId, t.kind),
    // The admin ledger list: newest first.
    index('ledger_entries_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Held entries: the release sweep reads those due, a creator's balance when each comes free.
    index('ledger_entries_held_idx').on(t.availableAt).where(sql`${t.releasedAt} is null and ${t.availableAt} is not null`),
    // A payout's statement: the creator's entries made available between their previous payout and it.
    index('ledger_entries_released_idx').on(t.userId, t.currency, t.releasedAt, t.id).where(sql`${t.releasedAt} is not null`),
    index('ledger_entries_held_user_idx')
      .on(t.userId, t.currency, t.availableAt)
      .where(sql`${t.releasedAt} is null and ${t.availableAt} is not null`),
  ],
);

/**
 * A creator's money in one currency, kept in the transaction of every ledger entry that changes
 * it: pending (still held), available (held no more, not yet paid out; can be negative after a
 * refund of paid-out earnings) and paid out in all. Pending plus available is the sum of the
 * creator's entries; the test of the ledger proves it after every kind of change.
 */
export const creatorBalances = pgTable(
  'creator_balances',
  {
    creatorId: userReference('creator_id'),
    currency: text('currency').notNull(),
    pendingMinor: bigint('pending_minor', { mode: 'number' }).notNull().default(0),
    availableMinor: bigint('available_minor', { mode: 'number' }).notNull().default(0),
    paidOutMinor: bigint('paid_out_minor', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.currency] })],
);

/**
 * How a creator is paid: an admin's own hold for them (else the platform's), the automatic
 * schedule they chose, and the pauses: after a change of payout method, and an admin's hold
 * on their payouts. One row per creator, made when one of these is first set.
 */
export const creatorPayoutSettings = pgTable('creator_payout_settings', {
  creatorId: text('creator_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Days earnings are held for this creator; null: the platform's setting. */
  holdDays: integer('hold_days'),
  holdReason: text('hold_reason'),
  /** 'manual' (the creator withdraws), 'weekly' or 'monthly'. */
  schedule: text('schedule').notNull().default('manual'),
  /** Weekly: ISO weekday 1 (Monday) to 7; monthly: day 1 to 28. */
  scheduleDay: integer('schedule_day'),
  /** No payout before this: the payout method changed. */
  methodChangePauseUntil: timestamp('method_change_pause_until', { withTimezone: true }),
  /** An admin stopped this creator's payouts, and why. */
  payoutsHeldAt: timestamp('payouts_held_at', { withTimezone: true }),
  payoutsHeldReason: text('payouts_held_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A creator's account at a payout provider that pays only into accounts the creator opens with
 * it (a Stripe Connect Express account). Its state is the provider's, as its last webhook or
 * read said: the provider keeps the bank details and decides when the account can be paid.
 */
export const payoutProviderAccounts = pgTable(
  'payout_provider_accounts',
  {
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    /** The provider sends money to it (Stripe: `payouts_enabled` with transfers active). */
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    /** The creator finished the provider's onboarding at least once. */
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    /** What the provider still needs, in its own names (Stripe: `requirements.currently_due` and `past_due`). */
    requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
    /** Why the provider stopped the account, in its own code; null when it did not. */
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.provider] }),
    uniqueIndex('payout_provider_accounts_external_idx').on(t.provider, t.externalId),
  ],
);

/**
 * Money sent to a creator. Made `pending` with its ledger debit in one transaction, sent to the
 * provider with its id as the idempotency key, then `in_flight` (the provider took it) and
 * `paid`, or `failed` with its amount returned to the balance. The destination is a snapshot of
 * the method's shown details, so the history stays true after the method is removed.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    creatorId: userReference('creator_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    /** 'requested' by the creator or 'scheduled' by their automatic payouts. */
    trigger: text('trigger').notNull(),
    provider: text('provider').notNull(),
    payoutMethodId: text('payout_method_id').references(() => payoutMethods.id, { onDelete: 'set null' }),
    destination: jsonb('destination').notNull(),
    providerRef: text('provider_ref'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('payouts_amount_check', sql`${t.amountMinor} > 0`),
    // A creator's history: newest first.
    index('payouts_creator_idx').on(t.creatorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('payouts_status_idx').on(t.status, t.createdAt),
    // The admin list: newest first.
    index('payouts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** The built-in development payout provider's own records, kept like a real provider's: durable and idempotent. */
export const devPayouts = pgTable('dev_payouts', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  id: text('id').notNull().unique(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  destination: jsonb('destination').notNull(),
  status: text('status').notNull(),
  failureCode: text('failure_code'),
  createdAt: createdAt(),
});

/**
 * An unfinished upload's declared length, held against its owner's storage quota from the moment
 * it starts until it finishes, is given up or expires; with it, the number of open uploads a
 * member has. The tus upload's id.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: text('id').primaryKey(),
    ownerId: userReference('owner_id'),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('upload_reservations_owner_idx').on(t.ownerId)],
);

/** The built-in development payment provider's own records, kept like a real provider's: durable and idempotent. */
export const devPaymentTokens = pgTable('dev_payment_tokens', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  brand: text('brand'),
  last4: text('last4'),
  email: text('email'),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  /** How the test card behaves: succeeds, declines, or succeeds once and fails on renewal. */
  behaviour: text('behaviour').notNull(),
  createdAt: createdAt(),
});

export const devPaymentCharges = pgTable('dev_payment_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  id: text('id').notNull().unique(),
  tokenId: text('token_id').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  failureCode: text('failure_code'),
  createdAt: createdAt(),
});

/** The development provider's refunds of its charges, keyed like Stripe's by the caller's idempotency key. */
export const devPaymentRefunds = pgTable(
  'dev_payment_refunds',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    id: text('id').notNull().unique(),
    chargeId: text('charge_id')
      .notNull()
      .references(() => devPaymentCharges.id),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_payment_refunds_charge_idx').on(t.chargeId)],
);

/** A chat between two users (spec: participantIds sorted): one per pair, `userLow` < `userHigh`. */
export const chats = pgTable(
  'chats',
  {
    id: text('id').primaryKey(),
    userLow: userReference('user_low'),
    userHigh: userReference('user_high'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chats_pair_unique').on(t.userLow, t.userHigh)],
);

/**
 * Each participant's side of a chat: who the partner is, when the chat last moved (the list's
 * order) and how far they have read (unread counts, read receipts).
 */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: userReference('user_id'),
    partnerId: userReference('partner_id'),
    activityAt: timestamp('activity_at', { withTimezone: true }).notNull(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    lastReadMessageId: text('last_read_message_id'),
    /** When this participant was last e-mailed about unread messages here (at most hourly). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_participants_activity_idx').on(t.activityAt),
    primaryKey({ columns: [t.chatId, t.userId] }),
    index('chat_participants_user_activity_idx').on(t.userId, t.activityAt.desc().nullsFirst(), t.chatId.desc().nullsFirst()),
  ],
);

/** A message in a chat; its id is chosen by the sender's device, so a retried send is stored once. */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: userReference('sender_id'),
    body: text('body').notNull(),
    /** Pay-per-view: what the recipient pays to see the media (minor units), or null when free. */
    priceMinor: integer('price_minor'),
    currency: text('currency'),
    createdAt: createdAt(),
    /** Removed by an admin: the message leaves both sides' history. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    check('messages_price_check', sql`(${t.priceMinor} is null) = (${t.currency} is null)`),
    index('messages_chat_created_idx').on(t.chatId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Media a creator attached to a message, from their own uploads; only the chat's two participants can fetch it. */
export const messageMedia = pgTable(
  'message_media',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.position] }), index('message_media_media_idx').on(t.mediaId)],
);

/**
 * A browser's push subscription (one per device and browser): where its push service takes
 * messages and the keys they are encrypted to. The endpoint is unique: subscribing the same
 * browser again replaces its keys (and its user, when someone else signed in on it).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as PushSubscription.toJSON() gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId, t.id)],
);

/**
 * A paid message's media unlocked for the member who paid: written by the `paid_message`
 * charge's effect in the transaction that settles the charge, once per message and member.
 */
export const messageUnlocks = pgTable(
  'message_unlocks',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: userReference('user_id'),
    chargeId: text('charge_id')
      .notNull()
      .references(() => charges.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), uniqueIndex('message_unlocks_charge_unique').on(t.chargeId)],
);

/**
 * What admins did: one row per action, written in the transaction of the action it records.
 * No route changes or deletes a row, and no foreign key lets a deleted account take its rows along.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_target_idx').on(t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/**
 * A member's report of a post, a user or a chat message. One open report per reporter and
 * target; an admin's decision resolves every open report on the target at once.
 */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    reporterId: userReference('reporter_id'),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    /** Who wrote or owns the target: whom a suspension or a ban is about. */
    targetUserId: userReference('target_user_id'),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    status: text('status').notNull().default('open'),
    outcome: text('outcome'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_open_unique').on(t.reporterId, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_open_target_idx').on(t.targetId, t.createdAt).where(sql`${t.status} = 'open'`),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // An admin's view of one target lists every report on it, open or decided.
    index('reports_target_idx').on(t.targetId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // An admin's user detail lists the reports about that user.
    index('reports_target_user_idx').on(t.targetUserId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('reports_status_check', sql`${t.status} in ('open', 'resolved')`),
  ],
);

/** What a moderation decision told a user in the app (the outcome of their report, a removal, a suspension). */
export const moderationNotices = pgTable(
  'moderation_notices',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    reason: text('reason'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_notices_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** The admin-edited list of words refused in post text, message text and profile fields, stored lower-case. */
export const restrictedWords = pgTable('restricted_words', {
  word: text('word').primaryKey(),
  createdAt: createdAt(),
});

/**
 * A member's download of their own data: prepared by the `personal-data.export` job into
 * storage, then mailed as a signed link that expires. One pending export per member.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    status: text('status').notNull().default('pending'),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('data_exports_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    check('data_exports_status_check', sql`${t.status} in ('pending', 'ready', 'failed')`),
  ],
);

/**
 * A support ticket: its author's subject and the thread's state. `waiting_since` is when the
 * author's unanswered message came (the admin queue's order: oldest waiting first); the count
 * and time of the last message are kept here so lists read one row per ticket.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: text('id').primaryKey(),
    authorId: userReference('author_id'),
    subject: text('subject').notNull(),
    status: text('status').notNull().default('open'),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    messageCount: integer('message_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_tickets_author_idx').on(t.authorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin queue: open tickets, oldest waiting first; the other filters newest first.
    index('support_tickets_waiting_idx').on(t.waitingSince, t.id).where(sql`${t.status} = 'open'`),
    index('support_tickets_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('support_tickets_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('support_tickets_waiting_check', sql`(${t.status} = 'open') = (${t.waitingSince} is not null)`),
  ],
);

/** One message of a ticket's thread, from its author or from support (an admin), with an optional screenshot. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: text('id').primaryKey(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** Who wrote it; an admin's account may go, their answer stays. */
    writerId: text('writer_id').references(() => users.id, { onDelete: 'set null' }),
    fromSupport: boolean('from_support').notNull(),
    body: text('body').notNull(),
    screenshotMediaId: text('screenshot_media_id').references(() => media.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    index('support_messages_screenshot_idx').on(t.screenshotMediaId),
  ],
);
