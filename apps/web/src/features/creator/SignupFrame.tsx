import type { OnboardingState, OnboardingStepId } from '@aurum/core';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { paths } from '../../lib/paths';
import { onboardingQuery } from './api';
import { OnboardingStepper } from './OnboardingStepper';

export interface SignupFrameProps {
  step: OnboardingStepId;
  title: string;
  /** A line under the title. */
  intro?: ReactNode;
  children: (state: OnboardingState) => ReactNode;
}

/**
 * A creator sign-up step page: title, progress stepper and the step's card. Loads the saved
 * progress first; a step other than the start sends a user who has not started to the start.
 */
export function SignupFrame({ step, title, intro, children }: SignupFrameProps) {
  const onboarding = useQuery(onboardingQuery);
  if (onboarding.isPending) return <PageLoading label="Loading your creator sign-up" />;
  if (onboarding.error) return <LoadFailed title={title} error={onboarding.error} retry={() => onboarding.refetch()} />;
  const state = onboarding.data;
  if (step !== 'start' && state.status === 'not_started') return <Navigate to={paths.creatorSignupStep.start} replace />;
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <PageHeader title={title} back={step !== 'start'}>
        {intro}
      </PageHeader>
      <OnboardingStepper state={state} current={step} />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 2.5 }}>
        {children(state)}
      </Paper>
    </Box>
  );
}
