import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { afterSignInPath } from '../../lib/paths';
import { acceptTerms } from './api';
import { setCurrentUser } from './current-user';

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
