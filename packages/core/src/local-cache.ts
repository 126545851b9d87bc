import { z } from './zod-config.js';

/**
 * The browser's local cache (spec sections 3, 4 and 9): documents the user opened, kept by
 * collection and id so the feed and chats read from it offline, and checked against the
 * server every 10 minutes, 16 documents at a time.
 */
export const LOCAL_CACHE_MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;
export const LOCAL_CACHE_MAINTENANCE_BATCH = 16;

/** The collections whose documents the server can say are still there for the viewer. */
export const CHECKED_COLLECTIONS = ['posts', 'profiles', 'chats', 'messages'] as const;
export type CheckedCollection = (typeof CHECKED_COLLECTIONS)[number];

const idPattern = '[\\w-]{1,64}';

/** One batch: a collection and up to 16 ids, comma-separated. */
export const cachedDocumentsQuerySchema = z.object({
  collection: z.enum(CHECKED_COLLECTIONS),
  ids: z
    .string()
    .regex(
      new RegExp(`^${idPattern}(,${idPattern}){0,${LOCAL_CACHE_MAINTENANCE_BATCH - 1}}$`),
      `Up to ${LOCAL_CACHE_MAINTENANCE_BATCH} comma-separated ids`,
    ),
});

/**
 * Which of the batch's ids the viewer can still open, as opening each would tell them: posts
 * they can see at all (`locked`: those whose content they no longer may see), profiles of
 * accounts still active, their own chats and those chats' messages not removed.
 */
export const cachedDocumentsSchema = z.object({ present: z.array(z.string()), locked: z.array(z.string()) });
export type CachedDocumentsCheck = z.infer<typeof cachedDocumentsSchema>;
