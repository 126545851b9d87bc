import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate } from 'react-router';
import { navigateSafely } from '../../app/navigation';
import { BlockButton } from '../../components/BlockButton';
import { setError } from '../../components/error-store';
import { PageHeader } from '../../components/PageHeader';
import { afterSignInPath, paths } from '../../lib/paths';
import { hasAcceptedCurrentTerms, useSignedInUser } from '../auth/current-user';
import { useAcceptTerms } from '../auth/useAcceptTerms';
import { TERMS } from './terms-content';

/**
 * The full terms. Accept records acceptance for a signed-in user who has not accepted yet and
 * continues registration; a visitor goes on to create an account. Decline goes back.
 */
export default function TermsPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const location = useLocation();
  const accept = useAcceptTerms();

  const onAccept = () => {
    if (!user) navigateSafely(navigate, paths.register);
    else if (!hasAcceptedCurrentTerms(user)) accept.mutate(undefined, { onError: (error) => setError(error) });
    else navigateSafely(navigate, afterSignInPath(user));
  };
  // Opened directly, there is no page to go back to.
  const onDecline = () => navigateSafely(navigate, location.key === 'default' ? paths.landing : -1);

  return (
    <>
      <PageHeader title="Terms of service" back>
        Version {TERMS.version}
      </PageHeader>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 3 }}>
        {TERMS.sections.map((section) => (
          <Box component="section" key={section.heading} sx={{ display: 'grid', gap: 1 }}>
            <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
              {section.heading}
            </Typography>
            {section.paragraphs.map((paragraph) => (
              <Typography key={paragraph}>{paragraph}</Typography>
            ))}
          </Box>
        ))}
        <Box sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end' }}>
          <Button variant="outlined" size="large" onClick={onDecline}>
            Decline
          </Button>
          <BlockButton loading={accept.isPending} onClick={onAccept} sx={{ width: { sm: 'auto' } }}>
            Accept
          </BlockButton>
        </Box>
      </Paper>
    </>
  );
}
