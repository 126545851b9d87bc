import { ROLE } from '@aurum/core';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useSignedInUser } from '../lib/current-user';
import { paths } from '../lib/paths';

/** Whether a path is in the admin area, whose pages only admins see. */
export const isAdminPath = (path: string) => path === paths.admin || path.startsWith(`${paths.admin}/`);

/**
 * The admin area's pages for admins; anyone else who opens one gets a plain refusal instead of
 * the page (whose API would refuse them anyway: 403 admin_only).
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  if (user?.roles.includes(ROLE.admins)) return children;
  return (
    <>
      <PageHeader title="Admins only" />
      <Paper variant="outlined" role="alert" sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 2, justifyItems: 'start', maxWidth: 640 }}>
        <Typography>This part of Aurum is for admins. Your account does not have access to it.</Typography>
        <Button variant="contained" component={RouterLink} to={paths.home}>
          Go to your feed
        </Button>
      </Paper>
    </>
  );
}
