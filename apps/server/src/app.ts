import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { MEDIA_STATUS_EVENT, MODERATION_AUDIT_ACTIONS, REALTIME_EVENTS, userChannel } from '@aurum/core';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { guardAdminRoutes } from './access/access.js';
import { ATTENTION_SOURCES } from './admin/attention.js';
import { adminRoutes } from './admin/routes.js';
import { AdminService } from './admin/service.js';
import { AdminStatements } from './admin/statements.js';
import { adminPaymentsRoutes } from './admin-payments/routes.js';
import { AdminPaymentsService } from './admin-payments/service.js';
import { AdminPaymentsStatements } from './admin-payments/statements.js';
import type { AppContext } from './app-context.js';
import { AuditLog } from './audit/audit-log.js';
import { authRoutes } from './auth/routes.js';
import { AuthService } from './auth/service.js';
import { SESSION_COOKIE, SessionStore } from './auth/sessions.js';
import { blocksRoutes } from './blocks/routes.js';
import { BlocksService } from './blocks/service.js';
import { BotCheck } from './bot-check/service.js';
import { createBus } from './bus/bus.js';
import { chatChargeEffects } from './chat/charge-effects.js';
import { ChatNotices } from './chat/notices.js';
import { chatRoutes } from './chat/routes.js';
import { ChatService } from './chat/service.js';
import { clientConfigRoutes } from './client-config/routes.js';
import type { Config } from './config/config.js';
import { creatorsRoutes } from './creators/routes.js';
import { CreatorsService } from './creators/service.js';
import type { DatabaseHandle, Executor } from './db/database.js';
import { exploreRoutes } from './explore/routes.js';
import { ExploreService } from './explore/service.js';
import { feedRoutes } from './feed/routes.js';
import { FeedService } from './feed/service.js';
import { followsRoutes } from './follows/routes.js';
import { FollowsService } from './follows/service.js';
import { Lifecycle } from './health/lifecycle.js';
import { APP_VERSION, healthRoutes } from './health/routes.js';
import { registerOriginCheck } from './http/csrf.js';
import { registerErrorHandler } from './http/error-handler.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import type { TextCheck } from './http/text-check.js';
import { insightsRoutes } from './insights/routes.js';
import { InsightsService } from './insights/service.js';
import { JobQueue } from './jobs/queue.js';
import { likesRoutes } from './likes/routes.js';
import { LikesService } from './likes/service.js';
import { localCacheRoutes } from './local-cache/routes.js';
import { LocalCacheService } from './local-cache/service.js';
import type { Mailer } from './mail/mailer.js';
import { mediaRoutes } from './media/routes.js';
import { MediaService } from './media/service.js';
import { resolveMediaTools } from './media/tools.js';
import { moderationRoutes } from './moderation/routes.js';
import { type MemberNotice, ModerationService } from './moderation/service.js';
import { createErrorReporter } from './observability/error-reporting.js';
import { TelemetryRelay } from './observability/relay.js';
import { telemetryRelayRoutes } from './observability/relay-routes.js';
import { registerRequestTelemetry, startTelemetry } from './observability/telemetry.js';
import { SERVER_ROOT } from './paths.js';
import { ChargesService } from './payments/charges.js';
import { createPaymentProvider } from './payments/providers.js';
import { RefundNotices } from './payments/refund-notices.js';
import { paymentsRoutes } from './payments/routes.js';
import { PaymentsService } from './payments/service.js';
import { payoutsRoutes } from './payouts/routes.js';
import { PayoutsService } from './payouts/service.js';
import { peopleRoutes } from './people/routes.js';
import { PeopleService } from './people/service.js';
import { PeopleStatements } from './people/statements.js';
import { personalDataRoutes } from './personal-data/routes.js';
import { PersonalDataService } from './personal-data/service.js';
import { plansRoutes } from './plans/routes.js';
import { PlansService } from './plans/service.js';
import { postsRoutes } from './posts/routes.js';
import { PostsService } from './posts/service.js';
import { profilesRoutes } from './profiles/routes.js';
import { ProfilesService } from './profiles/service.js';
import { pushRoutes } from './push/routes.js';
import { webPushTransport } from './push/sender.js';
import { PushService } from './push/service.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { RealtimeHub } from './realtime/hub.js';
import { realtimeRoutes } from './realtime/routes.js';
import { seenRoutes } from './seen/routes.js';
import { SeenService } from './seen/service.js';
import { registerSpa } from './spa/static.js';
import { createStorage } from './storage/index.js';
import { subscriptionChargeEffects } from './subscriptions/charge-effects.js';
import { RenewalsService } from './subscriptions/renewals.js';
import { subscriptionsRoutes } from './subscriptions/routes.js';
import { SubscriptionsService } from './subscriptions/service.js';
import { SupportMail } from './support/mail.js';
import { supportRoutes } from './support/routes.js';
import { SupportService } from './support/service.js';
import { SupportStatements } from './support/statements.js';
import { uploadsRoutes } from './uploads/routes.js';
import { UploadService } from './uploads/service.js';
import { usersRoutes } from './users/routes.js';
import { UsersService } from './users/service.js';
import { createVerificationProvider } from './verification/providers.js';
import { verificationRoutes } from './verification/routes.js';
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

export const DEFAULT_WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

/** A route as registered, for tests that sweep every route. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/** Builds the whole server: API under /api, its OpenAPI document, and the web app. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; context: AppContext; routes: RegisteredRoute[] }> {
  const { config, database, mailer, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const db = database.db;
  const telemetry = await startTelemetry(config.telemetry, { release: APP_VERSION, logger });
  const errorReporter = await createErrorReporter(config.errorReporting, { release: APP_VERSION, logger });
  const bus = await createBus(config.redisUrl, logger);
  const sessions = new SessionStore(db, now, bus);
  const realtime = new RealtimeHub({ bus, logger, now, resolveSession: (token) => sessions.resolveSession(token) });
  const rateLimiter = new RateLimiter(db, now);
  // Reports and moderation; its restricted words check is handed to every domain that stores text users write.
  const checkText: TextCheck = (fields) => moderation.checkText(fields);
  const users = new UsersService({ db, sessions, now, checkText });
  const plans = new PlansService({ db, now });
  const seen = new SeenService({ db, now });
  const storage = await createStorage(config);
  const jobs = new JobQueue({
    db,
    now,
    logger,
    concurrency: config.jobConcurrency,
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
  // A new post is announced by push at its publish time: the job is enqueued with the post.
  const posts = new PostsService({
    db,
    now,
    plans,
    onRemoved: postRemoved,
    checkText,
    onScheduled: { inTransaction: (post, tx) => push.postScheduled(tx, post), afterCommit: () => push.wake() },
  });
  const payments = new PaymentsService({
    db,
    now,
    logger,
    provider: createPaymentProvider(config, { db, now }),
    platformFeeBasisPoints: config.platformFeeBasisPoints,
  });
  sessions.onForget((forgotten) => realtime.sessionsForgotten(forgotten));
  // A label or state change: cached sessions are read afresh, and the user's open tabs are told.
  const accountChanged = (userId: string) => {
    sessions.forgetUser(userId);
    realtime.publish(userChannel(userId), REALTIME_EVENTS.accountChanged);
  };
  // Every admin action writes its audit row in its own transaction.
  const audit = new AuditLog({ db, now });
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
    // Moderation keeps every notice a member is told in the app; it is built further down.
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
  const auth = new AuthService({
    db,
    mailer,
    sessions,
    rateLimiter,
    logger,
    now,
    secret: config.sessionSecret,
    adminEmails: config.adminEmails,
    publicUrl: config.publicUrl,
  });
  const botCheck = new BotCheck({ recaptcha: config.recaptcha, publicUrl: config.publicUrl, logger });
  const profiles = new ProfilesService({ db });
  const follows = new FollowsService({ db, now });
  const likes = new LikesService({ db, now });
  const blocks = new BlocksService({ db, now });
  const feed = new FeedService({ cards: posts.cards });
  const explore = new ExploreService({ db });
  const creators = new CreatorsService({ db, now, verification, publicUrl: config.publicUrl, accountChanged, checkText });
  const payouts = new PayoutsService({ db, now, secret: config.sessionSecret, accountChanged });
  const refundNotices = new RefundNotices({ db, jobs, mailer, publicUrl: config.publicUrl });
  const charges = new ChargesService({ db, now, logger, jobs, payments, refundNotice: (tx, refund) => refundNotices.queue(tx, refund) });
  const renewals = new RenewalsService({ db, now, logger, jobs, mailer, charges, publicUrl: config.publicUrl });
  // The charges module settles every payment; what a paid charge buys is the selling domain's effect.
  charges.register(subscriptionChargeEffects(renewals));
  const subscriptions = new SubscriptionsService({ db, now, payments, plans, charges, renewals });
  const uploads = new UploadService({ config, media, jobs, logger });
  const chat = new ChatService({
    db,
    now,
    realtime,
    logger,
    charges,
    payments,
    checkText,
    onMessage: { inTransaction: (message, tx) => push.messageCreated(tx, message), afterCommit: () => push.wake() },
  });
  charges.register(chatChargeEffects(chat));
  const moderation = new ModerationService({
    db,
    now,
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
      audit.record(tx, {
        actorId: record.adminId,
        action: MODERATION_AUDIT_ACTIONS[record.action],
        targetType: record.target.kind,
        targetId: record.target.id,
        before: record.before,
        after: { ...record.after, resolvedReportIds: record.resolvedReportIds },
        reason: record.reason,
        requestId: null,
      }),
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
  });
  const people = new PeopleService({ now, statements: new PeopleStatements(db) });
  const adminPayments = new AdminPaymentsService({ db, now, statements: new AdminPaymentsStatements(db), audit, charges, payments });
  const insights = new InsightsService({ db, now, platformFeeBasisPoints: config.platformFeeBasisPoints });
  const chatNotices = new ChatNotices({ db, now, jobs, mailer, logger, publicUrl: config.publicUrl });
  const lifecycle = new Lifecycle();
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
    auth,
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
    payouts,
    payments,
    charges,
    subscriptions,
    renewals,
    storage,
    jobs,
    media,
    uploads,
    personalData,
  };

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  // Before anything else is registered, so every route and hook runs inside its request's span.
  if (telemetry) await registerRequestTelemetry(app, telemetry);
  registerSecurityHeaders(app, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ validate: config.env !== 'production' }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app, {
    onUnexpected: (error, request) =>
      errorReporter.capture(error, { userId: request.viewer?.userId, requestId: request.id, route: request.routeOptions.url }),
  });
  // Background jobs run while the server does; closing it stops them and requeues what was running.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  // Before the websocket plugin's own (registered later), so clients are told 1001 "going away".
  app.addHook('preClose', async () => realtime.close());
  app.addHook('onClose', async () => bus.close());
  app.addHook('onClose', async () => errorReporter.flush(2000));
  app.addHook('onClose', async () => telemetry?.shutdown());
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    for (const method of methods) {
      // A GET answers HEAD too; only HEAD routes without a GET beside them are listed.
      const twin =
        method === 'HEAD' && (methods.includes('GET') || routes.some((listed) => listed.method === 'GET' && listed.url === route.url));
      if (!twin) routes.push({ method, url: route.url });
    }
  });

  // JSON answers above 1 KiB leave compressed (brotli at quality 4, gzip); static files come
  // compressed from the build, and media types that are already compressed are left alone.
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  // Client frames are small JSON commands; anything larger is refused by the socket itself.
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Aurum API', version: APP_VERSION, description: 'Creator subscriptions platform API' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });

  registerOriginCheck(app, config.publicUrl);
  // Before any route: every route under /api/admin/ is for admins whatever its handler checks.
  guardAdminRoutes(app);
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    request.viewer = token && request.url.startsWith('/api/') ? await sessions.resolve(token) : null;
  });

  // Each domain's routes receive only the services they use.
  await healthRoutes(app, { database, lifecycle });
  await authRoutes(app, { auth, botCheck, users, config });
  await clientConfigRoutes(app, {
    clientConfig: {
      recaptcha: botCheck.clientConfig(),
      errorReporting: config.errorReporting ? { ...config.errorReporting, release: APP_VERSION } : null,
      telemetry: config.telemetry
        ? { serviceName: `${config.telemetry.serviceName}-web`, environment: config.telemetry.environment, release: APP_VERSION }
        : null,
      sessionRecording: config.sessionRecording,
    },
  });
  await telemetryRelayRoutes(app, { relay: new TelemetryRelay(config.telemetry, rateLimiter) });
  await usersRoutes(app, { users, config });
  await plansRoutes(app, { plans });
  await postsRoutes(app, { posts, media });
  await profilesRoutes(app, { profiles, media });
  await followsRoutes(app, { follows });
  await likesRoutes(app, { likes });
  await seenRoutes(app, { seen });
  await localCacheRoutes(app, { localCache: new LocalCacheService({ db, now }) });
  await blocksRoutes(app, { blocks });
  await feedRoutes(app, { feed });
  await exploreRoutes(app, { explore });
  await creatorsRoutes(app, { creators });
  await verificationRoutes(app, { verification, config });
  await payoutsRoutes(app, { payouts });
  await paymentsRoutes(app, { payments, charges });
  await subscriptionsRoutes(app, { subscriptions });
  await mediaRoutes(app, { media });
  await uploadsRoutes(app, { uploads });
  await chatRoutes(app, { chat, media });
  await pushRoutes(app, { push });
  await insightsRoutes(app, { insights });
  await adminRoutes(app, { admin, audit });
  await adminPaymentsRoutes(app, { adminPayments, now });
  await moderationRoutes(app, { moderation, media });
  await personalDataRoutes(app, { personalData });
  await supportRoutes(app, { support, media });
  await peopleRoutes(app, { people });
  await realtimeRoutes(app, {
    realtime,
    publicUrl: config.publicUrl,
    sessionOf: async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await sessions.resolveSession(token) : null;
      return token && session ? { ...session, token } : null;
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerSpa(app, config.webDistDir ?? DEFAULT_WEB_DIST, {
    signedIn: async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      return token ? (await sessions.resolve(token)) !== null : false;
    },
  });
  return { app, context, routes };
}
