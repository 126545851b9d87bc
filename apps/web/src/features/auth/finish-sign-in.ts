import type { CurrentUser, SignInResult } from '@aurum/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setCurrentUser } from '../../lib/current-user';
import { afterSignInPath, paths } from '../../lib/paths';

/** What the second step of a sign-in needs, carried in the page's history entry (never in the address). */
export interface SecondFactorTicket {
  ticket: string;
  methods: Extract<SignInResult, { secondFactor: unknown }>['secondFactor']['methods'];
}

/**
 * Where a sign-in goes on: into the app when it signed in, or to the second step when the
 * account has a second factor.
 */
export function useFinishSignIn(): (result: SignInResult | CurrentUser) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (result) => {
    if ('secondFactor' in result) {
      navigate(paths.secondFactorStep, { replace: true, state: result.secondFactor satisfies SecondFactorTicket });
      return;
    }
    setCurrentUser(queryClient, result);
    navigate(afterSignInPath(result), { replace: true });
  };
}
