import { type CurrentUser, TERMS_VERSION } from '@aurum/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from './api/client';
import { setCurrentUser } from './current-user';
import { afterSignInPath } from './paths';

const acceptTerms = () => api.post<CurrentUser>('/me/terms', { version: TERMS_VERSION });

/** Records acceptance of the current terms, then moves on to the next registration step (or home). */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: (user) => {
      setCurrentUser(queryClient, user);
      navigate(afterSignInPath(user), { replace: true });
    },
  });
}
