import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { paths } from '../../lib/paths';
import { disablePush } from '../../lib/push';
import { resetAfterSessionEnd } from '../../lib/session-end';
import { signOut } from './api';

/** Ends the session on the server (and this browser's push subscription), forgets the user's data in the browser and returns to the start. */
export default function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Effects run twice in development; signing out twice would be harmless but noisy.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // This browser stops showing the account's notifications first, while the session can still say so.
    disablePush()
      .catch((error: unknown) => console.warn('Could not end this browser’s push subscription.', error))
      .then(() => signOut())
      .catch((error: unknown) => console.error('Sign-out request failed; clearing the local session anyway.', error))
      .then(() => resetAfterSessionEnd(queryClient))
      .finally(() => navigate(paths.landing, { replace: true }));
  }, [queryClient, navigate]);

  return <LoadingOverlay message="Signing out..." />;
}
