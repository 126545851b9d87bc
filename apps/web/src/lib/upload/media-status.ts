import { MEDIA_STATUS_EVENT, type MediaStatusEventData, type MediaStatusView, userChannel } from '@aurum/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { useCurrentUser } from '../current-user';
import { queryKeys } from '../query-keys';
import { useRealtimeChannel } from '../realtime/use-realtime-channel';

/**
 * The server tells each change of an upload's processing on the owner's realtime channel. The
 * status is also read again while processing, in case a message was missed (a photo may be
 * done before the listener is in place): every 1.5 s for the first few reads, then every 10 s.
 */
export const MEDIA_STATUS_POLL_MS = 1500;
export const MEDIA_STATUS_SLOW_POLL_MS = 10_000;
const QUICK_READS = 4;

export const mediaStatusQuery = (mediaId: string) =>
  queryOptions({
    queryKey: queryKeys.mediaStatus(mediaId),
    queryFn: () => api.get<MediaStatusView>(`/media/${encodeURIComponent(mediaId)}/status`),
    refetchInterval: (query) => {
      if (query.state.data?.status !== 'processing') return false;
      return query.state.dataUpdateCount <= QUICK_READS ? MEDIA_STATUS_POLL_MS : MEDIA_STATUS_SLOW_POLL_MS;
    },
  });

/**
 * The processing state of one of the user's uploads, live (idle for null): the status, read
 * again when the server says it is ready or failed, and while a video is converted, how far it
 * has got (`progress`, whole percent; null when not known).
 */
export function useMediaStatus(mediaId: string | null | undefined) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().data?.id ?? null;
  const query = useQuery({ ...mediaStatusQuery(mediaId ?? ''), enabled: Boolean(mediaId) });
  const [progress, setProgress] = useState<{ mediaId: string; percent: number } | null>(null);
  const listening = Boolean(mediaId) && query.data?.status !== 'ready' && query.data?.status !== 'failed';
  const refresh = () => {
    if (mediaId) void queryClient.invalidateQueries({ queryKey: queryKeys.mediaStatus(mediaId) });
  };
  useRealtimeChannel(listening && userId ? userChannel(userId) : null, {
    onEvent: (event, data) => {
      const change = data as MediaStatusEventData;
      if (event !== MEDIA_STATUS_EVENT || !mediaId || change.mediaId !== mediaId) return;
      if (change.status === 'processing' && typeof change.progress === 'number') setProgress({ mediaId, percent: change.progress });
      else refresh();
    },
    onResync: refresh,
  });
  const percent = progress && progress.mediaId === mediaId && query.data?.status === 'processing' ? progress.percent : null;
  return { ...query, progress: percent };
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
