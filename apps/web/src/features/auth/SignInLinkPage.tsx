import { signInLinkTokenSchema } from '@aurum/core';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { AuthCard } from './AuthCard';
import { submitSignInLink } from './api';
import { useFinishSignIn } from './finish-sign-in';

/** The challenge and token of the mailed link, from the fragment (which no server ever receives); null when either is missing or malformed. */
export function signInLinkFromFragment(hash: string): { challengeId: string; linkToken: string } | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const challengeId = fragment.get('challenge') ?? '';
  const token = signInLinkTokenSchema.safeParse(fragment.get('token') ?? '');
  return challengeId && token.success ? { challengeId, linkToken: token.data } : null;
}

/**
 * Where the e-mailed sign-in link lands. It signs in only when the reader presses the button,
 * so a mail scanner that opens links uses nothing up; the link works even when codes for the
 * address are refused after too many wrong ones.
 */
export default function SignInLinkPage() {
  const finish = useFinishSignIn();
  // Read once: the fragment leaves the address bar with the navigation that follows.
  const [link] = useState(() => signInLinkFromFragment(window.location.hash));
  const signIn = useMutation({
    mutationFn: () => (link ? submitSignInLink(link.challengeId, link.linkToken) : Promise.reject(new Error('no link'))),
    onSuccess: finish,
  });

  if (!link) {
    return (
      <AuthCard>
        <PageHeader title="This link is not complete">Open the link again from the e-mail, or ask for a new code.</PageHeader>
        <Button variant="contained" component={RouterLink} to={paths.login}>
          Ask for a new code
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard>
      <PageHeader title="Sign in to Aurum">This link from your e-mail signs you in on this device.</PageHeader>
      {signIn.error && (
        <Typography role="alert" color="error">
          {errorMessage(signIn.error)}
        </Typography>
      )}
      <BlockButton loading={signIn.isPending} onClick={() => signIn.mutate()}>
        Sign in
      </BlockButton>
      {signIn.error && (
        <Button variant="text" component={RouterLink} to={paths.login}>
          Ask for a new code
        </Button>
      )}
    </AuthCard>
  );
}
