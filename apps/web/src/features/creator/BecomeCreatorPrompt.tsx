import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../lib/paths';

/** For members on a creators-only page: what it is for and the way to become a creator. */
export function BecomeCreatorPrompt({ title, what }: { title: string; what: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', display: 'grid', gap: 1.5, justifyItems: 'center' }}>
        <AutoAwesomeIcon aria-hidden sx={{ fontSize: 48, color: 'primary.main' }} />
        <Typography variant="h2">This is for creators</Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 460 }}>
          {what} Become a creator to sell subscriptions to your posts: it takes about five minutes.
        </Typography>
        <Button variant="contained" size="large" component={RouterLink} to={paths.creatorSignup} sx={{ mt: 1 }}>
          Become a creator
        </Button>
      </Paper>
    </>
  );
}
