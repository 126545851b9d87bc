import { useEffect } from 'react';
import { startLocalCache } from '../lib/cache/start';
import { useSignedInUser } from '../lib/current-user';
import { startServiceWorker } from '../lib/pwa/app-update';
import { useOnline } from '../lib/pwa/online';
import { waitingUpdate } from '../lib/pwa/waiting-update';
import { useStore } from '../lib/store';
import { OfflineBanner } from './OfflineBanner';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * The app's own state, above the page: offline (what is shown is what this device kept), and a
 * new version waiting for a Reload. Mounted once the first page is idle, it also starts the
 * service worker and the local cache then; its code is loaded while online, before it is
 * needed offline.
 */
export function AppStatus() {
  const online = useOnline();
  const update = useStore(waitingUpdate);
  const signedIn = useSignedInUser() !== null;
  useEffect(startServiceWorker, []);
  // The local cache's health check and maintenance run while someone is signed in.
  useEffect(() => (signedIn ? startLocalCache() : undefined), [signedIn]);
  return (
    <>
      {!online && <OfflineBanner />}
      {update && <UpdatePrompt onReload={update.reload} />}
    </>
  );
}
