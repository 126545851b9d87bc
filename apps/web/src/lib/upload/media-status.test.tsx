import { MEDIA_STATUS_EVENT } from '@aurum/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import type { ChannelListener } from '../realtime/client';
import { useMediaStatus } from './media-status';

/** The realtime channel as the hook follows it: the test plays the server's messages. */
const channel = vi.hoisted(() => ({ followed: [] as (string | null)[], listener: null as ChannelListener | null }));
vi.mock('../realtime/use-realtime-channel', () => ({
  useRealtimeChannel: (name: string | null, listener: ChannelListener) => {
    channel.followed.push(name);
    channel.listener = name ? listener : null;
  },
}));

const status = (state: 'processing' | 'ready') => ({
  id: 'm1',
  kind: 'video',
  mime: 'video/quicktime',
  sizeBytes: 10,
  status: state,
  failureReason: null,
  width: null,
  height: null,
  durationMs: null,
  placeholder: null,
  derivatives: { thumb: false, blur: false, blurThumb: false, poster: false, playable: false },
  createdAt: '2026-11-25T10:00:00.000Z',
  processedAt: null,
});

let serverStatus: 'processing' | 'ready' = 'processing';
let reads = 0;
beforeEach(() => {
  channel.followed = [];
  channel.listener = null;
  serverStatus = 'processing';
  reads = 0;
  mockApi({
    'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'u1' }) }),
    'GET /api/media/m1/status': () => {
      reads++;
      return { status: 200, body: status(serverStatus) };
    },
  });
});

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

describe('useMediaStatus', () => {
  it("follows the owner's channel while processing: progress as it comes, the status again once done", async () => {
    const { result } = renderHook(() => useMediaStatus('m1'), { wrapper });
    await waitFor(() => expect(result.current.data?.status).toBe('processing'));
    await waitFor(() => expect(channel.listener).not.toBeNull());
    expect(channel.followed.at(-1)).toBe('user:u1');
    expect(result.current.progress).toBeNull();

    act(() => channel.listener?.onEvent(MEDIA_STATUS_EVENT, { mediaId: 'm1', status: 'processing', progress: 42 }));
    expect(result.current.progress).toBe(42);
    // Another upload's news changes nothing here.
    act(() => channel.listener?.onEvent(MEDIA_STATUS_EVENT, { mediaId: 'm2', status: 'processing', progress: 90 }));
    expect(result.current.progress).toBe(42);

    serverStatus = 'ready';
    const before = reads;
    act(() => channel.listener?.onEvent(MEDIA_STATUS_EVENT, { mediaId: 'm1', status: 'ready' }));
    await waitFor(() => expect(result.current.data?.status).toBe('ready'));
    expect(reads).toBe(before + 1);
    expect(result.current.progress).toBeNull();
    // Done: the channel is no longer followed for it.
    await waitFor(() => expect(channel.followed.at(-1)).toBeNull());
  });

  it('reads the status again after the connection came back', async () => {
    const { result } = renderHook(() => useMediaStatus('m1'), { wrapper });
    await waitFor(() => expect(channel.listener).not.toBeNull());
    serverStatus = 'ready';
    act(() => channel.listener?.onResync?.());
    await waitFor(() => expect(result.current.data?.status).toBe('ready'));
  });
});
