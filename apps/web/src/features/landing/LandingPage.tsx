import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import ChatIcon from '@mui/icons-material/Chat';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PaymentsIcon from '@mui/icons-material/Payments';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import SubscriptionsIcon from '@mui/icons-material/Subscriptions';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';

interface Audience {
  title: string;
  points: { icon: ReactElement; text: string }[];
}

const AUDIENCES: Audience[] = [
  {
    title: 'For creators',
    points: [
      { icon: <PhotoLibraryIcon />, text: 'Publish photos, videos and audio to followers, subscribers or everyone.' },
      { icon: <PaymentsIcon />, text: 'Sell monthly plans with the perks you choose, including direct chat.' },
      { icon: <AutoAwesomeIcon />, text: 'Own your audience on a platform you can host yourself.' },
    ],
  },
  {
    title: 'For members',
    points: [
      { icon: <SubscriptionsIcon />, text: 'Subscribe to the creators you love and see all their work in one feed.' },
      { icon: <ChatIcon />, text: 'Chat directly with creators whose plan includes it.' },
      { icon: <LockOpenIcon />, text: 'Sign in with a code by e-mail. No password to remember.' },
    ],
  },
];

/** The public start page: what Aurum is, for whom, and the way in. */
export default function LandingPage() {
  return (
    <>
      <Box component="section" aria-labelledby="landing-title" sx={{ textAlign: { xs: 'left', sm: 'center' }, py: { xs: 2, md: 6 } }}>
        <Typography
          color="primary"
          sx={{ fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase', fontSize: '0.8rem', mb: 1.5 }}
        >
          Subscriptions for creators
        </Typography>
        <Typography id="landing-title" variant="h1" sx={{ fontSize: { xs: '2.25rem', md: '3.25rem' }, mb: 2 }}>
          Your work is worth{' '}
          <Box component="span" sx={{ color: 'primary.main' }}>
            gold
          </Box>
          .
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: { xs: '1.05rem', md: '1.25rem' }, maxWidth: 620, mx: 'auto', mb: 4 }}>
          Aurum lets creators sell subscriptions to their photos, videos and audio, and lets members support the people whose work they
          love.
        </Typography>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 1.5,
            justifyContent: 'center',
            maxWidth: { xs: 'none', sm: 'fit-content' },
            mx: 'auto',
          }}
        >
          <Button variant="contained" size="large" component={RouterLink} to={paths.register}>
            Create account
          </Button>
          <Button variant="outlined" size="large" component={RouterLink} to={paths.login}>
            Sign in
          </Button>
        </Box>
      </Box>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mt: { xs: 5, md: 4 } }}>
        {AUDIENCES.map((audience) => (
          <Paper key={audience.title} component="section" variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography variant="h2" sx={{ mb: 2 }}>
              {audience.title}
            </Typography>
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
              {audience.points.map((point) => (
                <Box component="li" key={point.text} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                  <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', mt: '1px' }}>
                    {point.icon}
                  </Box>
                  <Typography>{point.text}</Typography>
                </Box>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>

      <Box component="footer" sx={{ mt: 5, display: 'flex', gap: 3, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={paths.about}>
          About Aurum
        </Link>
        <Link component={RouterLink} to={paths.terms}>
          Terms of service
        </Link>
      </Box>
    </>
  );
}
