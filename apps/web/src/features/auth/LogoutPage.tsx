import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { paths } from '../../lib/paths';
import { signOut } from './api';
import { resetAfterSessionEnd } from './current-user';

/** Ends the session on the server, forgets the user's data in the browser and returns to the start. */
export default function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Effects run twice in development; signing out twice would be harmless but noisy.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut()
      .catch((error: unknown) => console.error('Sign-out request failed; clearing the local session anyway.', error))
      .then(() => resetAfterSessionEnd(queryClient))
      .finally(() => navigate(paths.landing, { replace: true }));
  }, [queryClient, navigate]);

  return <LoadingOverlay message="Signing out..." />;
}
