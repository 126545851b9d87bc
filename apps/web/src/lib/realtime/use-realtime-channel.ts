import type { RealtimeChannel } from '@aurum/core';
import { useEffect, useRef } from 'react';
import type { ChannelListener } from './client';

// The client (and its socket) loads with the first subscription, not with the app's shell.
const loadClient = () => import('./client');

/** Follows a channel while the component is mounted (none when `channel` is null); the latest listener is always the one called. */
export function useRealtimeChannel(channel: RealtimeChannel | null, listener: ChannelListener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!channel) return;
    let unsubscribe: (() => void) | undefined;
    let left = false;
    loadClient()
      .then(({ realtime }) => {
        if (left) return;
        unsubscribe = realtime.subscribe(channel, {
          onEvent: (event, data) => latest.current.onEvent(event, data),
          onResync: () => latest.current.onResync?.(),
        });
      })
      .catch((error: unknown) => console.error('The realtime client failed to load.', error));
    return () => {
      left = true;
      unsubscribe?.();
    };
  }, [channel]);
}
