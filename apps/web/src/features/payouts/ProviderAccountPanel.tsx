import type { ProviderAccount } from '@aurum/core';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { payoutAccountQuery, refreshOnboarding, startOnboarding } from './api';
import { PROVIDER_LABELS } from './labels';

const INTRO: Record<
  Exclude<ProviderAccount['state'], 'ready'>,
  { severity: 'info' | 'warning' | 'error'; text: string; action: string }
> = {
  not_started: {
    severity: 'info',
    text: 'pays your bank account. Set up your payout account there: it asks who you are and where to send the money, and keeps those details itself.',
    action: 'Set up payouts with',
  },
  incomplete: { severity: 'warning', text: 'needs more before it can pay you:', action: 'Continue on' },
  disabled: { severity: 'error', text: 'stopped payouts to your account:', action: 'Open' },
};

/** The creator's account at a provider that pays only such accounts (Stripe Connect): its state, what it needs, and the way there. */
export function ProviderAccountPanel({ account }: { account: ProviderAccount }) {
  const provider = PROVIDER_LABELS[account.provider];
  const open = useMutation({
    mutationFn: startOnboarding,
    // The provider's pages are its own: the browser leaves, and comes back to this page.
    onSuccess: ({ url }) => window.location.assign(url),
  });

  if (account.state === 'ready') {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start' }}>
        <CheckCircleIcon aria-hidden fontSize="inherit" sx={{ color: 'success.main', mt: '0.2em', flexShrink: 0 }} />
        <span>Your {provider} account is ready to receive payouts.</span>
      </Typography>
    );
  }
  const intro = INTRO[account.state];
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Alert severity={intro.severity}>
        {provider} {intro.text}
        {account.needs.length > 0 && (
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {account.needs.map((need) => (
              <li key={need}>{need}</li>
            ))}
          </Box>
        )}
      </Alert>
      <Button
        variant="contained"
        endIcon={<OpenInNewIcon aria-hidden />}
        disabled={open.isPending || open.isSuccess}
        onClick={() => open.mutate()}
        sx={{ justifySelf: 'start' }}
      >
        {open.isPending || open.isSuccess ? `Opening ${provider}…` : `${intro.action} ${provider}`}
      </Button>
      {open.error && <Alert severity="error">{errorMessage(open.error)}</Alert>}
    </Box>
  );
}

/**
 * The provider sends the creator back with `?onboarding=return` (done, or left for later): the
 * account is read again at once, as its webhook may come later; or with `?onboarding=refresh`
 * when the link expired: a new link is made and followed. Answers the error of either, if any.
 */
export function useOnboardingReturn(): Error | null {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const step = params.get('onboarding');
  const handled = useRef(false);
  const refresh = useMutation({
    mutationFn: refreshOnboarding,
    onSuccess: (account) => queryClient.setQueryData(payoutAccountQuery.queryKey, account),
  });
  const relink = useMutation({ mutationFn: startOnboarding, onSuccess: ({ url }) => window.location.assign(url) });
  useEffect(() => {
    if (!step || handled.current) return;
    handled.current = true;
    setParams(
      (current) => {
        current.delete('onboarding');
        return current;
      },
      { replace: true },
    );
    if (step === 'refresh') relink.mutate();
    else refresh.mutate();
  }, [step, setParams, refresh, relink]);
  return refresh.error ?? relink.error;
}
