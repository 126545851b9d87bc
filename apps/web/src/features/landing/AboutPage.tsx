import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../lib/paths';

const PARAGRAPHS = [
  'Aurum is a home for creators and the members who support them. Creators publish photos, videos and audio and choose who sees each post: everyone, their followers, or the subscribers of a plan. Members follow creators for free, subscribe to the plans they like, and chat with creators whose plan includes it.',
  'Aurum is open and self-hostable: a creator collective, a studio or a single creator can run their own copy, keep their members close, and decide their own rules. Payments go through a payment provider; Aurum never stores card numbers.',
  'Aurum works on phones first. Install it on your home screen and it opens like an app, full screen, with your feed and chats one tap away.',
];

export default function AboutPage() {
  return (
    <>
      <PageHeader title="About Aurum" back />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 2 }}>
        {PARAGRAPHS.map((paragraph) => (
          <Typography key={paragraph}>{paragraph}</Typography>
        ))}
        <Button variant="contained" component={RouterLink} to={paths.register} sx={{ justifySelf: 'start' }}>
          Create account
        </Button>
      </Paper>
    </>
  );
}
