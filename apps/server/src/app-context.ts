import type { Logger } from 'pino';
import type { AdminService } from './admin/service.js';
import type { AdminPaymentsService } from './admin-payments/service.js';
import type { AuditLog } from './audit/audit-log.js';
import type { AuthService } from './auth/service.js';
import type { SessionStore } from './auth/sessions.js';
import type { BlocksService } from './blocks/service.js';
import type { BotCheck } from './bot-check/service.js';
import type { Bus } from './bus/bus.js';
import type { ChatNotices } from './chat/notices.js';
import type { ChatService } from './chat/service.js';
import type { Config } from './config/config.js';
import type { CreatorsService } from './creators/service.js';
import type { DatabaseHandle } from './db/database.js';
import type { ExploreService } from './explore/service.js';
import type { FeedService } from './feed/service.js';
import type { FollowsService } from './follows/service.js';
import type { Lifecycle } from './health/lifecycle.js';
import type { InsightsService } from './insights/service.js';
import type { JobQueue } from './jobs/queue.js';
import type { LikesService } from './likes/service.js';
import type { Mailer } from './mail/mailer.js';
import type { MediaService } from './media/service.js';
import type { ModerationService } from './moderation/service.js';
import type { ErrorReporter } from './observability/error-reporting.js';
import type { Telemetry } from './observability/telemetry.js';
import type { ChargesService } from './payments/charges.js';
import type { PaymentsService } from './payments/service.js';
import type { PayoutsService } from './payouts/service.js';
import type { PeopleService } from './people/service.js';
import type { PersonalDataService } from './personal-data/service.js';
import type { PlansService } from './plans/service.js';
import type { PostsService } from './posts/service.js';
import type { ProfilesService } from './profiles/service.js';
import type { PushService } from './push/service.js';
import type { RealtimeHub } from './realtime/hub.js';
import type { SeenService } from './seen/service.js';
import type { Storage } from './storage/index.js';
import type { RenewalsService } from './subscriptions/renewals.js';
import type { SubscriptionsService } from './subscriptions/service.js';
import type { SupportService } from './support/service.js';
import type { UploadService } from './uploads/service.js';
import type { UsersService } from './users/service.js';
import type { VerificationService } from './verification/service.js';

/** Every service, built once in buildApp; each domain's routes receive only their part of it. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
  /** Unexpected errors go to the error tracker (Sentry) when one is configured. */
  errorReporter: ErrorReporter;
  /** OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  telemetry: Telemetry | null;
  now: () => Date;
  /** Marked at the start of a shutdown; readiness answers 503 from then on. */
  lifecycle: Lifecycle;
  /** Messages between instances (Redis pub/sub when REDIS_URL is set). */
  bus: Bus;
  /** Open websockets and their channels; domains publish events through it. */
  realtime: RealtimeHub;
  sessions: SessionStore;
  chat: ChatService;
  moderation: ModerationService;
  support: SupportService;
  people: PeopleService;
  chatNotices: ChatNotices;
  push: PushService;
  insights: InsightsService;
  audit: AuditLog;
  admin: AdminService;
  auth: AuthService;
  botCheck: BotCheck;
  users: UsersService;
  plans: PlansService;
  posts: PostsService;
  profiles: ProfilesService;
  follows: FollowsService;
  likes: LikesService;
  seen: SeenService;
  blocks: BlocksService;
  feed: FeedService;
  explore: ExploreService;
  creators: CreatorsService;
  verification: VerificationService;
  personalData: PersonalDataService;
  payouts: PayoutsService;
  payments: PaymentsService;
  charges: ChargesService;
  adminPayments: AdminPaymentsService;
  subscriptions: SubscriptionsService;
  renewals: RenewalsService;
  storage: Storage;
  jobs: JobQueue;
  media: MediaService;
  uploads: UploadService;
}
