import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { afterSignInPath, paths } from '../../lib/paths';
import { TERMS } from '../legal/terms-content';
import { AuthCard } from './AuthCard';
import { hasAcceptedCurrentTerms, useSignedInUser } from './current-user';
import { useAcceptTerms } from './useAcceptTerms';

/** Registration step: accept the terms of service before setting up a profile. */
export default function AcceptTermsPage() {
  const user = useSignedInUser();
  const [checked, setChecked] = useState(false);
  const accept = useAcceptTerms();

  if (!user) return <Navigate to={paths.login} replace />;
  if (hasAcceptedCurrentTerms(user)) return <Navigate to={afterSignInPath(user)} replace />;

  return (
    <AuthCard>
      <PageHeader title="Terms of service">Before you continue, please read and accept our terms. In short:</PageHeader>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
        {TERMS.summary.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
      <Link component={RouterLink} to={paths.terms}>
        Read the full terms of service
      </Link>
      <FormControlLabel
        control={<Checkbox checked={checked} onChange={(event) => setChecked(event.target.checked)} />}
        label="I have read and accept the terms of service"
      />
      {accept.error && <Alert severity="error">{errorMessage(accept.error)}</Alert>}
      <BlockButton disabled={!checked} loading={accept.isPending} onClick={() => accept.mutate()}>
        Continue
      </BlockButton>
    </AuthCard>
  );
}
