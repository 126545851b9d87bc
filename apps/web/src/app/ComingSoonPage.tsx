import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { matchAppRoute } from './routes';

/** The page of a feature that is not built yet: its title and an honest note. */
export default function ComingSoonPage() {
  const match = matchAppRoute(useLocation().pathname);
  const title = match?.route.title ?? 'Coming soon';
  const nested = Object.keys(match?.params ?? {}).length > 0;
  return (
    <>
      <PageHeader title={title} back={nested} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography>This part of Aurum is on its way. It will appear here in a coming release.</Typography>
      </Paper>
    </>
  );
}
