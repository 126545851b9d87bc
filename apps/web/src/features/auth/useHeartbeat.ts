import { ONLINE_HEARTBEAT_MS } from '@aurum/core';
import { useEffect } from 'react';
import { sendHeartbeat } from './api';

/** Coming back to the tab refreshes the online status, but not more often than this. */
const MIN_VISIBLE_BEAT_GAP_MS = 60_000;

/** Keeps the signed-in user's online status fresh: on sign-in, every 5 minutes, and on return to the app. */
export function useHeartbeat(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    let lastBeat = 0;
    const beat = () => {
      lastBeat = Date.now();
      sendHeartbeat().catch((error: unknown) => console.error('Online status refresh failed.', error));
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastBeat >= MIN_VISIBLE_BEAT_GAP_MS) beat();
    };
    if (document.visibilityState === 'visible') beat();
    const timer = window.setInterval(beat, ONLINE_HEARTBEAT_MS);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [signedIn]);
}
