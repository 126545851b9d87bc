import type { CurrentUser } from '@aurum/core';
import { Navigate, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../lib/paths';
import { AuthCard } from './AuthCard';
import { hasAcceptedCurrentTerms, useSignedInUser } from './current-user';
import { ProfileDetailsForm } from './ProfileDetailsForm';

/** Last registration step: handle, public name and avatar colour. Completing it finishes registration. */
export default function SetupProfilePage() {
  const user = useSignedInUser();
  if (!user) return null; // the guard only shows this page with a session
  if (!hasAcceptedCurrentTerms(user)) return <Navigate to={paths.acceptTerms} replace />;
  return <SetupProfileStep user={user} />;
}

function SetupProfileStep({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  return (
    <AuthCard>
      <PageHeader title="Set up your profile">Choose how people see you on Aurum. You can change it later.</PageHeader>
      <ProfileDetailsForm user={user} submitLabel="Finish" onSaved={() => navigate(paths.home, { replace: true })} />
    </AuthCard>
  );
}
