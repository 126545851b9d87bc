import type { RealtimeChannel } from '@aurum/core';
import { useEffect, useRef } from 'react';
import { type ChannelListener, realtime } from './client';

/** Follows a channel while the component is mounted (none when `channel` is null); the latest listener is always the one called. */
export function useRealtimeChannel(channel: RealtimeChannel | null, listener: ChannelListener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!channel) return;
    return realtime.subscribe(channel, {
      onEvent: (event, data) => latest.current.onEvent(event, data),
      onResync: () => latest.current.onResync?.(),
    });
  }, [channel]);
}
