import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { setError } from '../../components/error-store';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { addSnack } from '../../components/snack-queue';
import { useSignedInUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { resetAfterSessionEnd } from '../../lib/session-end';
import { deleteAccount } from './api';

/** Account deletion: disables the account, ends every session, and clears this browser. */
export default function DeleteAccountPage() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(false);
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await resetAfterSessionEnd(queryClient);
      addSnack('Your account has been deleted.', 'success');
      navigate(paths.landing, { replace: true });
    },
    onError: (error) => setError(error),
  });

  // Once deleted, the user is gone before the page is: wait for the move to the start page.
  if (!user) return remove.isIdle ? <Navigate to={paths.login} replace /> : <LoadingOverlay />;
  return (
    <>
      <PageHeader title="Delete your account" back />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography>Deleting your account:</Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
          <li>signs you out everywhere and you can no longer sign in with {user.email};</li>
          <li>hides your profile{user.handle ? ` @${user.handle}` : ''} from everyone;</li>
          <li>ends your subscriptions at the end of their paid period, without renewal.</li>
        </Box>
        <FormControlLabel
          control={<Checkbox checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />}
          label="I understand that deleting my account cannot be undone"
        />
        <BlockButton color="error" disabled={!confirmed} loading={remove.isPending} onClick={() => remove.mutate()}>
          Delete my account
        </BlockButton>
      </Paper>
    </>
  );
}
