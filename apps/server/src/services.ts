import {
  MEDIA_STATUS_EVENT,
  MODERATION_AUDIT_ACTIONS,
  REALTIME_EVENTS,
  SUPPORT_TICKET_EVENT,
  type SupportTicketEventData,
  userChannel,
} from '@aurum/core';
import type { Logger } from 'pino';
import { ATTENTION_SOURCES } from './admin/attention.js';
import { AdminService } from './admin/service.js';
import { AdminStatements } from './admin/statements.js';
import { AdminPaymentsService } from './admin-payments/service.js';
import { AdminPaymentsStatements } from './admin-payments/statements.js';
import type { AppContext } from './app-context.js';
import { AuditLog } from './audit/audit-log.js';
import { AuditStatements } from './audit/statements.js';
import { KnownDevices } from './auth/known-devices.js';
import { AuthService } from './auth/service.js';
import { BlocksService } from './blocks/service.js';
import { BlocksStatements } from './blocks/statements.js';
import { BotCheck } from './bot-check/service.js';
import { createBus, RedisBus } from './bus/bus.js';
import { chatChargeEffects } from './chat/charge-effects.js';
import { ChatNotices } from './chat/notices.js';
import { ChatService } from './chat/service.js';
import { ChatStatements } from './chat/statements.js';
import type { Config } from './config/config.js';
import { markIdentityVerified } from './creators/completion.js';
import { CreatorsService } from './creators/service.js';
import type { DatabaseHandle, Executor } from './db/database.js';
import { AdminDisputesList } from './disputes/admin-list.js';
import { DisputesService } from './disputes/service.js';
import { ExploreService } from './explore/service.js';
import { ExploreStatements } from './explore/statements.js';
import { FanListsService } from './fan-lists/service.js';
import { FanListStatements } from './fan-lists/statements.js';
import { FeedService } from './feed/service.js';
import { FollowsService } from './follows/service.js';
import { FollowsStatements } from './follows/statements.js';
import { Lifecycle } from './health/lifecycle.js';
import { APP_VERSION } from './health/routes.js';
import { InsightsService } from './insights/service.js';
import { InsightsStatements } from './insights/statements.js';
import { JobQueue } from './jobs/queue.js';
import { Ledger } from './ledger/ledger.js';
import { LikesService } from './likes/service.js';
import { LikesStatements } from './likes/statements.js';
import { LocalCacheService } from './local-cache/service.js';
import type { Mailer } from './mail/mailer.js';
import { MassMessagesService } from './mass-messages/service.js';
import { MassMessageStatements } from './mass-messages/statements.js';
import { MediaService } from './media/service.js';
import { resolveMediaTools } from './media/tools.js';
import { type MemberNotice, ModerationService } from './moderation/service.js';
import { ModerationStatements } from './moderation/statements.js';
import { createErrorReporter } from './observability/error-reporting.js';
import { startTelemetry } from './observability/telemetry.js';
import { OffersService } from './offers/service.js';
import { OffersStatements } from './offers/statements.js';
import { ChargesService } from './payments/charges.js';
import { createPaymentProvider } from './payments/providers.js';
import { RefundNotices } from './payments/refund-notices.js';
import { PaymentsService } from './payments/service.js';
import { PaymentsStatements } from './payments/statements.js';
import { PayoutAccounts } from './payouts/account.js';
import { AdminPayoutsService } from './payouts/admin.js';
import { BankDetailsSeal } from './payouts/bank-details-seal.js';
import { ManualTransfers } from './payouts/manual-transfers.js';
import { PayoutMethodsService } from './payouts/methods.js';
import { PayoutOnboardingService } from './payouts/onboarding.js';
import { PayoutsService } from './payouts/payouts.js';
import { PayoutProviderEvents } from './payouts/provider-events.js';
import { createPayoutProviders } from './payouts/providers.js';
import { ScheduledPayouts } from './payouts/scheduled-run.js';
import { PayoutsStatements } from './payouts/statements.js';
import { PeopleService } from './people/service.js';
import { PeopleStatements } from './people/statements.js';
import { PersonalDataService } from './personal-data/service.js';
import { PlansService } from './plans/service.js';
import { postSaleChargeEffects } from './post-sales/charge-effects.js';
import { PostSalesService } from './post-sales/service.js';
import { PostCardStatements, PostCards } from './posts/post-cards.js';
import { PostsService } from './posts/service.js';
import { ProfilesService } from './profiles/service.js';
import { ProfilesStatements } from './profiles/statements.js';
import { webPushTransport } from './push/sender.js';
import { PushService } from './push/service.js';
import { DatabaseRateCounts, RateLimiter, RedisRateCounts } from './rate-limit/rate-limiter.js';
import { REALTIME_HEARTBEAT_MS, RealtimeHub } from './realtime/hub.js';
import { RedisSocketRegistry } from './realtime/socket-registry.js';
import { PasskeyCeremonies } from './second-factor/passkeys.js';
import { SecondFactors } from './second-factor/service.js';
import { SeenService } from './seen/service.js';
import { SessionStore } from './sessions/sessions.js';
import { createStorage } from './storage/index.js';
import { subscriptionChargeEffects } from './subscriptions/charge-effects.js';
import { RenewalsService } from './subscriptions/renewals.js';
import { SubscriptionsService } from './subscriptions/service.js';
import { SupportMail } from './support/mail.js';
import { SupportService } from './support/service.js';
import { SupportStatements } from './support/statements.js';
import { tipChargeEffects } from './tips/charge-effects.js';
import { TipsService } from './tips/service.js';
import { TrialsService } from './trials/service.js';
import { TrialsStatements } from './trials/statements.js';
import { UploadService } from './uploads/service.js';
import { UsersService } from './users/service.js';
import { VaultService } from './vault/service.js';
import { VaultStatements } from './vault/statements.js';
import { createVerificationProvider } from './verification/providers.js';
import { VerificationService } from './verification/service.js';
import { VerificationStatements } from './verification/statements.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
  /** The clock; tests move it to expire codes and sessions. */
  now?: () => Date;
}

/**
 * Builds every service once, in dependency order (each from those above it), and wires what
 * crosses domains: charge effects, notices, the restricted words check. Nothing here serves
 * requests: `buildApp` registers the routes on what this returns.
 */
export async function buildServices(deps: AppDeps): Promise<AppContext> {
  const { config, database, mailer, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const db = database.db;
  const telemetry = await startTelemetry(config.telemetry, { release: APP_VERSION, logger });
  const errorReporter = await createErrorReporter(config.errorReporting, { release: APP_VERSION, logger });
  const bus = await createBus(config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined, logger);
  const sessions = new SessionStore(db, now, bus);
  const realtime = new RealtimeHub({
    bus,
    logger,
    now,
    resolveSession: (token) => sessions.resolveSession(token),
    ...(bus instanceof RedisBus
      ? { sockets: new RedisSocketRegistry(bus.publisher, config.redisPrefix, REALTIME_HEARTBEAT_MS * 3, logger) }
      : {}),
  });
  const databaseRateCounts = new DatabaseRateCounts(db);
  const rateCounts =
    bus instanceof RedisBus ? new RedisRateCounts(bus.publisher, config.redisPrefix, databaseRateCounts, logger) : databaseRateCounts;
  const rateLimiter = new RateLimiter(rateCounts, now);
  sessions.onForget((forgotten) => realtime.sessionsForgotten(forgotten));
  // A label or state change: cached sessions are read afresh, and the user's open tabs are told.
  const accountChanged = (userId: string) => {
    sessions.forgetUser(userId);
    realtime.publish(userChannel(userId), REALTIME_EVENTS.accountChanged);
  };
  // Every admin action writes its audit row in its own transaction.
  const audit = new AuditLog({ db, now, statements: new AuditStatements(db) });
  const storage = await createStorage(config);
  const jobs = new JobQueue({
    db,
    now,
    logger,
    concurrency: config.jobConcurrency,
    leaseMs: config.jobLeaseMs,
    onUnexpectedFailure: (job, error) => errorReporter.capture(error, { job: job.type }),
  });
  logger.info({ lanes: jobs.lanes }, 'background jobs: slots per lane');
  const media = new MediaService({
    db,
    storage,
    jobs,
    logger,
    now,
    tools: await resolveMediaTools(config, logger),
    storageQuotaBytes: config.storageQuotaBytes,
    unattachedGraceMs: config.mediaUnattachedGraceMs,
    // The composer shows each upload's processing live.
    onStatus: (ownerId, event) => realtime.publish(userChannel(ownerId), MEDIA_STATUS_EVENT, event),
  });
  const push = new PushService({ db, now, jobs, logger, settings: config.push, transport: webPushTransport(config.push) });
  // A deleted post releases its media: the purge runs as soon as the deletion has committed.
  const postRemoved = {
    inTransaction: (postId: string, tx: Executor) => media.purgeSoon(`post-${postId}`, tx),
    afterCommit: () => media.wakeJobs(),
  };
  // Reports and moderation; its restricted words check goes to every domain that stores text users write.
  const moderation = new ModerationService({
    db,
    now,
    statements: new ModerationStatements(db),
    mailer,
    logger,
    publicUrl: config.publicUrl,
    publish: (channel, event) => realtime.publish(channel, event),
    accountChanged,
    endSessions: (userId) => sessions.deleteAllForUser(userId),
    postRemoved,
    auditLog: audit,
    // Each decision is audited in its own transaction.
    audit: (record, tx) =>
      audit.record(
        tx,
        { adminId: record.adminId, requestId: null, reason: record.reason },
        {
          action: MODERATION_AUDIT_ACTIONS[record.action],
          targetType: record.target.kind,
          targetId: record.target.id,
          before: record.before,
          after: { ...record.after, resolvedReportIds: record.resolvedReportIds },
        },
      ),
  });
  const { checkText } = moderation;
  const users = new UsersService({ db, sessions, now, checkText });
  const plans = new PlansService({ db, now });
  const seen = new SeenService({ db, now });
  // A new post is announced by push at its publish time: the job is enqueued with the post.
  const postCards = new PostCards({ now, statements: new PostCardStatements(db) });
  const posts = new PostsService({
    db,
    now,
    plans,
    cards: postCards,
    onRemoved: postRemoved,
    checkText,
    onScheduled: { inTransaction: (post, tx) => push.postScheduled(tx, post), afterCommit: () => push.wake() },
  });
  // The one writer of ledger entries, keeping each creator's balance in the same transaction.
  const ledger = new Ledger({ db, now, holdDays: config.payouts.holdDays });
  const payments = new PaymentsService({
    db,
    statements: new PaymentsStatements(db),
    now,
    logger,
    provider: createPaymentProvider(config, { db, now }),
    platformFeeBasisPoints: config.platformFeeBasisPoints,
    ledger,
  });
  // What a member is told in the app and by e-mail: stored in the decision's transaction, told after its commit.
  const memberNotices = {
    record: (tx: Executor, notices: readonly MemberNotice[], at: Date) => moderation.recordNotices(tx, notices, at),
    tell: (notices: readonly MemberNotice[]) => moderation.tell(notices),
  };
  const verification = new VerificationService({
    db,
    now,
    logger,
    rateLimiter,
    provider: createVerificationProvider(config, now),
    accountChanged,
    audit,
    statements: new VerificationStatements(db),
    identityVerified: markIdentityVerified,
    notices: memberNotices,
  });
  const admin = new AdminService({
    db,
    now,
    statements: new AdminStatements(db),
    audit,
    attention: ATTENTION_SOURCES,
    accountChanged,
    reportsAbout: (userId, limit) => moderation.reportsAbout(userId, limit),
    notices: memberNotices,
  });
  const secondFactors = new SecondFactors({
    db,
    sessions,
    rateLimiter,
    now,
    secret: config.sessionSecret,
    ceremonies: new PasskeyCeremonies(db, now, config.publicUrl),
  });
  const auth = new AuthService({
    db,
    secondFactors,
    devices: new KnownDevices({ db, mailer, logger, now, publicUrl: config.publicUrl }),
    mailer,
    sessions,
    rateLimiter,
    jobs,
    logger,
    now,
    secret: config.sessionSecret,
    adminEmails: config.adminEmails,
    publicUrl: config.publicUrl,
  });
  const botCheck = new BotCheck({ recaptcha: config.recaptcha, publicUrl: config.publicUrl, logger });
  const profiles = new ProfilesService({ db, statements: new ProfilesStatements(db) });
  const follows = new FollowsService({ db, now, statements: new FollowsStatements(db) });
  const likes = new LikesService({ now, statements: new LikesStatements(db) });
  const blocks = new BlocksService({ db, now, statements: new BlocksStatements(db) });
  const feed = new FeedService({ cards: postCards });
  const explore = new ExploreService({ statements: new ExploreStatements(db) });
  const creators = new CreatorsService({ db, now, verification, publicUrl: config.publicUrl, accountChanged, checkText });
  const bankDetailsSeal = new BankDetailsSeal(config.sessionSecret);
  const payoutMethods = new PayoutMethodsService({
    db,
    now,
    secret: config.sessionSecret,
    bankDetailsSeal: config.payouts.providers.includes('manual') ? bankDetailsSeal : null,
    accountChanged,
    methodChangePauseDays: config.payouts.methodChangePauseDays,
    notices: memberNotices,
  });
  const payoutsStatements = new PayoutsStatements(db);
  const payoutProviders = createPayoutProviders(config.payouts, config.stripe, { db, now });
  const payouts = new PayoutsService({
    db,
    now,
    logger,
    jobs,
    ledger,
    methods: payoutMethods,
    providers: payoutProviders,
    settings: config.payouts,
    notices: memberNotices,
  });
  const payoutAccounts = new PayoutAccounts({
    db,
    now,
    ledger,
    methods: payoutMethods,
    providers: payoutProviders,
    settings: config.payouts,
    statements: payoutsStatements,
  });
  const payoutOnboarding = new PayoutOnboardingService({
    db,
    now,
    logger,
    methods: payoutMethods,
    providers: payoutProviders,
    publicUrl: config.publicUrl,
  });
  const scheduledPayouts = new ScheduledPayouts({ db, now, logger, jobs, ledger, payouts });
  const payoutEvents = new PayoutProviderEvents({ db, now, logger, jobs, providers: payoutProviders, payouts });
  const adminPayouts = new AdminPayoutsService({
    db,
    now,
    audit,
    ledger,
    payouts,
    accounts: payoutAccounts,
    statements: payoutsStatements,
    platformHoldDays: config.payouts.holdDays,
  });
  const manualTransfers = new ManualTransfers({ db, now, audit, payouts, notices: memberNotices, bankDetailsSeal });
  const refundNotices = new RefundNotices({ db, jobs, mailer, publicUrl: config.publicUrl });
  const charges = new ChargesService({ db, now, logger, jobs, payments, refundNotice: (tx, refund) => refundNotices.queue(tx, refund) });
  const offers = new OffersService({ db, now, statements: new OffersStatements(db) });
  const fanLists = new FanListsService({ db, now, statements: new FanListStatements(db) });
  const vault = new VaultService({ db, now, statements: new VaultStatements(db), media });
  const renewals = new RenewalsService({ db, now, logger, jobs, mailer, charges, offers, publicUrl: config.publicUrl });
  // The charges module settles every payment; what a paid charge buys is the selling domain's effect.
  charges.register(subscriptionChargeEffects(renewals));
  const subscriptions = new SubscriptionsService({ db, now, payments, plans, charges, renewals, offers });
  const uploads = new UploadService({ config, db, storage, media, jobs, logger });
  const chatStatements = new ChatStatements(db);
  const chat = new ChatService({
    db,
    now,
    statements: chatStatements,
    realtime,
    logger,
    charges,
    payments,
    checkText,
    onMessage: { inTransaction: (message, tx) => push.messageCreated(tx, message), afterCommit: () => push.wake() },
  });
  charges.register(chatChargeEffects(chat));
  const massMessages = new MassMessagesService({
    db,
    now,
    logger,
    jobs,
    statements: new MassMessageStatements(db),
    realtime,
    checkText,
    onBatch: { inTransaction: (batch, tx) => push.massMessageBatchDelivered(tx, batch), afterCommit: () => push.wake() },
  });
  const tips = new TipsService({ db, now, logger, payments, charges, cards: postCards, chats: chat, checkText, notices: memberNotices });
  charges.register(tipChargeEffects(tips));
  const postSales = new PostSalesService({ db, logger, payments, charges, cards: postCards, notices: memberNotices });
  charges.register(postSaleChargeEffects(postSales));
  const trials = new TrialsService({
    db,
    now,
    logger,
    jobs,
    statements: new TrialsStatements(db),
    payments,
    notices: memberNotices,
    renewNow: (subscriptionId) => renewals.renewOne(subscriptionId),
  });
  const personalData = new PersonalDataService({
    db,
    now,
    logger,
    jobs,
    storage,
    mailer,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    audit,
    accountChanged,
  });
  // Support tickets take no restricted-words check: people quote what they report, and only the author and admins read them.
  const support = new SupportService({
    db,
    now,
    statements: new SupportStatements(db),
    audit,
    mail: new SupportMail({ db, jobs, mailer, publicUrl: config.publicUrl }),
    notifyAuthor: (authorId, ticketId) =>
      realtime.publish(userChannel(authorId), SUPPORT_TICKET_EVENT, { ticketId } satisfies SupportTicketEventData),
  });
  const people = new PeopleService({ now, statements: new PeopleStatements(db) });
  const disputesList = new AdminDisputesList(db);
  const disputes = new DisputesService({
    db,
    now,
    logger,
    ledger,
    charges,
    payments,
    audit,
    list: disputesList,
    notices: memberNotices,
  });
  const adminPayments = new AdminPaymentsService({ db, now, statements: new AdminPaymentsStatements(db), audit, charges, payments });
  const insights = new InsightsService({
    db,
    now,
    statements: new InsightsStatements(db),
    platformFeeBasisPoints: config.platformFeeBasisPoints,
    balancesOf: (creatorId) => ledger.balances(db, creatorId),
  });
  const chatNotices = new ChatNotices({ db, now, statements: chatStatements, jobs, mailer, logger, publicUrl: config.publicUrl });
  const lifecycle = new Lifecycle();
  const localCache = new LocalCacheService({ db, now });
  const context: AppContext = {
    config,
    database,
    mailer,
    logger,
    errorReporter,
    telemetry,
    now,
    lifecycle,
    bus,
    realtime,
    sessions,
    chat,
    moderation,
    support,
    people,
    insights,
    chatNotices,
    push,
    audit,
    admin,
    adminPayments,
    disputes,
    disputesList,
    auth,
    secondFactors,
    botCheck,
    users,
    plans,
    posts,
    profiles,
    follows,
    likes,
    seen,
    blocks,
    feed,
    explore,
    creators,
    verification,
    ledger,
    payoutMethods,
    payoutAccounts,
    payoutOnboarding,
    payouts,
    adminPayouts,
    manualTransfers,
    scheduledPayouts,
    payoutEvents,
    payments,
    charges,
    subscriptions,
    renewals,
    tips,
    postSales,
    trials,
    offers,
    fanLists,
    massMessages,
    vault,
    storage,
    jobs,
    media,
    uploads,
    personalData,
    rateLimiter,
    localCache,
  };
  return context;
}
