// First: it configures Zod before any schema below is built.
import './zod-config.js';

export * from './access.js';
export * from './api-types.js';
export * from './blocks.js';
export * from './chat.js';
export * from './colors.js';
export * from './constants.js';
export * from './creators.js';
export * from './display.js';
export * from './errors.js';
export * from './explore.js';
export * from './feed.js';
export * from './follows.js';
export * from './format.js';
export * from './ids.js';
export * from './likes.js';
export * from './media.js';
export * from './payments.js';
export * from './payouts.js';
export * from './plans.js';
export * from './posts.js';
export * from './profiles.js';
export * from './realtime.js';
export * from './routing.js';
export * from './schemas.js';
export * from './subscriptions.js';
