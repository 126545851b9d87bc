import type { MediaStatusView } from '@aurum/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../query-keys';

/** How often the processing state is asked for while the server is still making derivatives. */
export const MEDIA_STATUS_POLL_MS = 1500;

export const mediaStatusQuery = (mediaId: string) =>
  queryOptions({
    queryKey: queryKeys.mediaStatus(mediaId),
    queryFn: () => api.get<MediaStatusView>(`/media/${encodeURIComponent(mediaId)}/status`),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? MEDIA_STATUS_POLL_MS : false),
  });

/** The processing state of one of the user's uploads, polled until it is ready or failed; idle for null. */
export function useMediaStatus(mediaId: string | null | undefined) {
  return useQuery({ ...mediaStatusQuery(mediaId ?? ''), enabled: Boolean(mediaId) });
}

/** Where an upload stands, from picking the file to the server's processing result. */
export type MediaPhase = 'idle' | 'uploading' | 'processing' | 'ready' | 'failed' | 'error';

export function mediaPhase(
  uploadState: 'idle' | 'uploading' | 'done' | 'error',
  status: MediaStatusView['status'] | undefined,
): MediaPhase {
  if (uploadState !== 'done') return uploadState;
  if (status === 'ready') return 'ready';
  if (status === 'failed') return 'failed';
  return 'processing';
}
