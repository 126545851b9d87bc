import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';

/** The end of creator sign-up: the user is a creator and can offer a plan. */
export function CreatorWelcome() {
  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 560, mx: 'auto', p: { xs: 3, sm: 5 }, display: 'grid', gap: 2, justifyItems: 'center', textAlign: 'center' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 72,
          height: 72,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <AutoAwesomeIcon sx={{ fontSize: 40 }} />
      </Box>
      <Typography variant="h1">You are a creator</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
        Your identity is verified and your payout details are saved. Create a plan so members can subscribe to you, then publish your first
        posts.
      </Typography>
      <Button variant="contained" size="large" fullWidth component={RouterLink} to={paths.createPlan} sx={{ mt: 1 }}>
        Create your first plan
      </Button>
      <Button component={RouterLink} to={paths.creatorDashboard}>
        Go to your creator dashboard
      </Button>
    </Paper>
  );
}
