import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { guardRoutes } from './access/access.js';
import { adminRoutes } from './admin/routes.js';
import { adminPaymentsRoutes } from './admin-payments/routes.js';
import type { AppContext } from './app-context.js';
import { authRoutes } from './auth/routes.js';
import { blocksRoutes } from './blocks/routes.js';
import { chatRoutes } from './chat/routes.js';
import { clientConfigRoutes } from './client-config/routes.js';
import type { Config } from './config/config.js';
import { creatorsRoutes } from './creators/routes.js';
import { adminDisputesRoutes } from './disputes/routes.js';
import { exploreRoutes } from './explore/routes.js';
import { fanListsRoutes } from './fan-lists/routes.js';
import { feedRoutes } from './feed/routes.js';
import { followsRoutes } from './follows/routes.js';
import { APP_VERSION, healthRoutes } from './health/routes.js';
import { registerApiCachePolicy } from './http/cache-policy.js';
import { registerOriginCheck } from './http/csrf.js';
import { registerEarlyAnswerClose } from './http/early-answer.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerReadRouting } from './http/read-routing.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerTextInputCheck } from './http/text-input.js';
import { insightsRoutes } from './insights/routes.js';
import { likesRoutes } from './likes/routes.js';
import { localCacheRoutes } from './local-cache/routes.js';
import { massMessagesRoutes } from './mass-messages/routes.js';
import { mediaRoutes } from './media/routes.js';
import { moderationRoutes } from './moderation/routes.js';
import { TelemetryRelay } from './observability/relay.js';
import { telemetryRelayRoutes } from './observability/relay-routes.js';
import { registerRequestTelemetry } from './observability/telemetry.js';
import { offersRoutes } from './offers/routes.js';
import { SERVER_ROOT } from './paths.js';
import { paymentsRoutes } from './payments/routes.js';
import { adminPayoutsRoutes } from './payouts/admin-routes.js';
import { payoutsRoutes } from './payouts/routes.js';
import { peopleRoutes } from './people/routes.js';
import { personalDataRoutes } from './personal-data/routes.js';
import { plansRoutes } from './plans/routes.js';
import { postSalesRoutes } from './post-sales/routes.js';
import { postsRoutes } from './posts/routes.js';
import { profilesRoutes } from './profiles/routes.js';
import { pushRoutes } from './push/routes.js';
import { realtimeRoutes } from './realtime/routes.js';
import { secondFactorRoutes } from './second-factor/routes.js';
import { seenRoutes } from './seen/routes.js';
import { type AppDeps, buildServices } from './services.js';
import { sessionsRoutes } from './sessions/routes.js';
import { SESSION_COOKIE } from './sessions/sessions.js';
import { registerSpa } from './spa/static.js';
import { subscriptionsRoutes } from './subscriptions/routes.js';
import { supportRoutes } from './support/routes.js';
import { tipsRoutes } from './tips/routes.js';
import { trialsRoutes } from './trials/routes.js';
import { uploadsRoutes } from './uploads/routes.js';
import { usersRoutes } from './users/routes.js';
import { vaultRoutes } from './vault/routes.js';
import { verificationRoutes } from './verification/routes.js';

export const DEFAULT_WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

/** A route as registered, for tests that sweep every route. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * TRUST_PROXY as Fastify takes it: a count of hops as the function that trusts the last ones
 * (the right-most `X-Forwarded-For` entries, written by the operator's proxies), addresses as they are.
 */
function trustedHops(trusted: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trusted === 'number' ? (_address, hop) => hop < trusted : trusted;
}

/** Builds the whole server: its services (services.ts), then the API under /api, its OpenAPI document, and the web app. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; context: AppContext; routes: RegisteredRoute[] }> {
  const context = await buildServices(deps);
  const {
    config,
    database,
    logger,
    now,
    errorReporter,
    telemetry,
    lifecycle,
    jobs,
    realtime,
    bus,
    sessions,
    secondFactors,
    rateLimiter,
    auth,
    botCheck,
    users,
    plans,
    posts,
    media,
    profiles,
    follows,
    likes,
    seen,
    localCache,
    blocks,
    feed,
    explore,
    creators,
    verification,
    payoutMethods,
    payoutAccounts,
    payoutOnboarding,
    payouts,
    payoutEvents,
    payments,
    charges,
    subscriptions,
    tips,
    postSales,
    trials,
    offers,
    fanLists,
    massMessages,
    vault,
    uploads,
    chat,
    push,
    insights,
    admin,
    audit,
    adminPayments,
    adminPayouts,
    manualTransfers,
    disputes,
    disputesList,
    moderation,
    personalData,
    support,
    people,
  } = context;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: trustedHops(config.trustProxy),
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
  registerApiCachePolicy(app);
  registerEarlyAnswerClose(app);
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
  // With replicas, each request learns whether its reads may lag; without, every read is the primary's.
  if (database.replicas) registerReadRouting(app, { maxLagMs: config.replicaMaxLagMs, secureCookies: config.secureCookies });
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
  registerTextInputCheck(app);
  // Before any route: admin routes are for admins with a second factor, and money and power ask for a fresh check, whatever their handlers check.
  guardRoutes(app, (viewer, needed) => secondFactors.require(viewer, needed));
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    request.viewer = token && request.url.startsWith('/api/') ? await sessions.resolve(token) : null;
  });

  // Each domain's routes receive only the services they use.
  await healthRoutes(app, { database, lifecycle });
  await authRoutes(app, { auth, botCheck, users, config });
  await sessionsRoutes(app, { sessions, config });
  await secondFactorRoutes(app, { secondFactors });
  await clientConfigRoutes(app, {
    clientConfig: {
      recaptcha: botCheck.clientConfig(),
      errorReporting: config.errorReporting ? { ...config.errorReporting, release: APP_VERSION } : null,
      telemetry: config.telemetry
        ? { serviceName: `${config.telemetry.serviceName}-web`, environment: config.telemetry.environment, release: APP_VERSION }
        : null,
      sessionRecording: config.sessionRecording,
      payoutMethodTypes: payoutAccounts.payableMethodTypes(),
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
  await localCacheRoutes(app, { localCache });
  await blocksRoutes(app, { blocks });
  await feedRoutes(app, { feed });
  await exploreRoutes(app, { explore });
  await creatorsRoutes(app, { creators });
  await verificationRoutes(app, { verification, config });
  await payoutsRoutes(app, { payoutMethods, payoutAccounts, payouts, payoutOnboarding, payoutEvents });
  await paymentsRoutes(app, { payments, charges, disputes });
  await subscriptionsRoutes(app, { subscriptions });
  await tipsRoutes(app, { tips });
  await postSalesRoutes(app, { postSales });
  await trialsRoutes(app, { trials });
  await offersRoutes(app, { offers });
  await fanListsRoutes(app, { fanLists });
  await massMessagesRoutes(app, { massMessages });
  await vaultRoutes(app, { vault });
  await mediaRoutes(app, { media });
  await uploadsRoutes(app, { uploads });
  await chatRoutes(app, { chat, media });
  await pushRoutes(app, { push });
  await insightsRoutes(app, { insights });
  await adminRoutes(app, { admin, audit });
  await adminPaymentsRoutes(app, { adminPayments, now });
  await adminPayoutsRoutes(app, { adminPayouts, manualTransfers });
  await adminDisputesRoutes(app, { disputes, disputesList });
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
    archiveDir: path.join(config.dataDir, 'web-assets'),
    sharedRates: config.redisUrl ? rateLimiter : null,
    liveSession: async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      return token && (await sessions.resolve(token)) !== null ? token : null;
    },
    now: context.now,
  });
  return { app, context, routes };
}
