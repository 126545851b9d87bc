import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { afterSignInPath, paths } from '../../lib/paths';
import { AuthCard } from './AuthCard';
import { useSignedInUser } from './current-user';

/** Identity verification comes with creator onboarding; members never need it. */
export default function VerifyIdentityPage() {
  const user = useSignedInUser();
  return (
    <AuthCard>
      <PageHeader title="Verify your identity" back />
      <Typography>
        Identity and age verification arrives together with creator onboarding. Creators will verify once before they publish paid content.
        As a member you do not need it.
      </Typography>
      <Button variant="contained" component={RouterLink} to={user ? afterSignInPath(user) : paths.landing}>
        Continue
      </Button>
    </AuthCard>
  );
}
