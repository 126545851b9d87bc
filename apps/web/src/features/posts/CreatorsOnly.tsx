import type { CurrentUser } from '@aurum/core';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../lib/paths';
import { useSignedInUser } from '../auth/current-user';

export const isCreator = (user: Pick<CurrentUser, 'roles'> | null): boolean => Boolean(user?.roles.includes('creators'));

/** Shows its content to creators; others learn how to become one. The server checks again on every call. */
export function CreatorsOnly({ title, children }: { title: string; children: (user: CurrentUser) => ReactNode }) {
  const user = useSignedInUser();
  if (!user) return null; // the guard shows these pages only with a session
  if (!isCreator(user)) {
    return (
      <>
        <PageHeader title={title} back />
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 2, justifyItems: 'start' }}>
          <Typography>Only creators can publish posts. Become a creator to share posts and sell subscriptions.</Typography>
          <Button variant="contained" component={RouterLink} to={paths.creatorDashboard}>
            Become a creator
          </Button>
        </Paper>
      </>
    );
  }
  return <>{children(user)}</>;
}
