import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadFailed } from '../../components/RetryAlert';
import { onboardingQuery } from './api';
import { CreatorWelcome } from './CreatorWelcome';
import { resumePath } from './steps';

/** /creator/signup: resumes sign-up at the first unfinished step, or celebrates once it is done. */
export default function SignupPage() {
  const onboarding = useQuery(onboardingQuery);
  if (onboarding.isPending) return <PageLoading label="Loading your creator sign-up" />;
  if (onboarding.error) return <LoadFailed title="Become a creator" error={onboarding.error} retry={() => onboarding.refetch()} />;
  const next = onboarding.data.isCreator ? null : resumePath(onboarding.data);
  return next ? <Navigate to={next} replace /> : <CreatorWelcome />;
}
