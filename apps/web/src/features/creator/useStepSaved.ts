import { type CurrentUser, type OnboardingState, type OnboardingStepId, ROLE } from '@aurum/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { addSnack } from '../../components/snack-queue';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { onboardingQuery } from './api';
import { pathAfterStep } from './steps';

export interface StepSavedOptions {
  /** Whether the user was a creator before this save: creators changing their details stay on the page. */
  wasCreator?: boolean;
  /** False to stay on the page unless the user just became a creator. */
  navigate?: boolean;
}

/**
 * After a step is saved: keep the new progress, ask the server again who the user is (the
 * last step makes them a creator), then go on to the next step or the success screen.
 * Creators changing their details later stay where they are.
 */
export function useStepSaved() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (state: OnboardingState, step: OnboardingStepId, options: StepSavedOptions = {}) => {
      const { wasCreator = false } = options;
      queryClient.setQueryData(onboardingQuery.queryKey, state);
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      const user = queryClient.getQueryData<CurrentUser | null>(queryKeys.currentUser);
      const creator = state.isCreator || Boolean(user?.roles.includes(ROLE.creators));
      if (wasCreator) {
        if (options.navigate !== false) addSnack('Saved.', 'success');
      } else if (creator) navigate(paths.creatorSignup);
      else if (options.navigate !== false) navigate(pathAfterStep(state, step));
      return creator;
    },
    [queryClient, navigate],
  );
}
