import { displayName } from '@aurum/core';
import ExploreIcon from '@mui/icons-material/Explore';
import InstallMobileIcon from '@mui/icons-material/InstallMobile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths';
import { isStandalone } from '../../components/install/install-banner';
import { PageHeader } from '../../components/PageHeader';
import { useSignedInUser } from '../auth/current-user';

/** Home: the greeting and, until the feed arrives, a way to find creators. */
export default function HomePage() {
  const user = useSignedInUser();
  const [installed] = useState(isStandalone);
  return (
    <>
      <PageHeader title="Home">Welcome, {displayName(user)}.</PageHeader>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Paper component="section" aria-labelledby="feed-title" variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <ExploreIcon aria-hidden sx={{ fontSize: 48, color: 'primary.main', mb: 1 }} />
          <Typography id="feed-title" variant="h2" sx={{ mb: 1 }}>
            Your feed is empty
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 440, mx: 'auto' }}>
            Posts from the creators you follow and subscribe to will appear here. Find someone to follow in Explore.
          </Typography>
          <Button variant="contained" component={RouterLink} to={paths.explore}>
            Explore creators
          </Button>
        </Paper>
        {!installed && (
          <Paper
            component="section"
            aria-labelledby="install-title"
            variant="outlined"
            sx={{ p: 2.5, display: 'flex', gap: 2, alignItems: 'center' }}
          >
            <InstallMobileIcon aria-hidden sx={{ color: 'primary.main' }} />
            <Box sx={{ flex: '1 1 180px' }}>
              <Typography id="install-title" variant="h3">
                Get the app
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Add Aurum to your home screen.
              </Typography>
            </Box>
            <Button variant="outlined" component={RouterLink} to={paths.installApp} sx={{ whiteSpace: 'nowrap' }}>
              How to install
            </Button>
          </Paper>
        )}
      </Box>
    </>
  );
}
