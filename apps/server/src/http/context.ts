import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { AuthService } from '../auth/service.js';
import type { SessionStore, Viewer } from '../auth/sessions.js';
import type { BlocksService } from '../blocks/service.js';
import type { Config } from '../config/config.js';
import type { CreatorsService } from '../creators/service.js';
import type { DatabaseHandle } from '../db/database.js';
import type { ExploreService } from '../explore/service.js';
import type { FeedService } from '../feed/service.js';
import type { FollowsService } from '../follows/service.js';
import type { JobQueue } from '../jobs/queue.js';
import type { LikesService } from '../likes/service.js';
import type { Mailer } from '../mail/mailer.js';
import type { MediaService } from '../media/service.js';
import type { PaymentsService } from '../payments/service.js';
import type { PayoutsService } from '../payouts/service.js';
import type { PlansService } from '../plans/service.js';
import type { PostsService } from '../posts/service.js';
import type { ProfilesService } from '../profiles/service.js';
import type { SeenService } from '../seen/service.js';
import type { Storage } from '../storage/index.js';
import type { SubscriptionsService } from '../subscriptions/service.js';
import type { UploadService } from '../uploads/service.js';
import type { UsersService } from '../users/service.js';
import type { VerificationService } from '../verification/service.js';
import { AppError, errors } from './errors.js';

/** Everything route handlers reach: built once in buildApp and passed to each domain's routes. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  sessions: SessionStore;
  auth: AuthService;
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
  payouts: PayoutsService;
  payments: PaymentsService;
  subscriptions: SubscriptionsService;
  storage: Storage;
  jobs: JobQueue;
  media: MediaService;
  uploads: UploadService;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

/** The signed-in viewer, or a 401 for anonymous requests. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw errors.unauthenticated();
  return request.viewer;
}

/** The signed-in viewer when they carry the creators label (only the server sets it), else 403 creator_required. */
export function requireCreator(request: FastifyRequest): Viewer {
  const viewer = requireViewer(request);
  if (!viewer.labels.includes('creators')) throw new AppError(403, 'creator_required', 'Only creators can do that.');
  return viewer;
}

export type DomainRoutes = (app: FastifyInstance, context: AppContext) => void | Promise<void>;
