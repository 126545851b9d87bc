import { SEEN_DEFAULT_DURATION_MS, type SeenRecord } from '@aurum/core';
import { api } from '../api/client';

/** Marks a post seen; a duplicate answers 409 already_seen, which callers ignore. */
export const recordSeen = (entityId: string, duration = SEEN_DEFAULT_DURATION_MS) =>
  api.post<SeenRecord>('/seen', { entityId, type: 'post', duration });
