import { BOT_CHECK_ACTIONS, emailSchema } from '@aurum/core';
import Key from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { canUsePasskeys, passkeyErrorMessage } from '../../lib/second-factor';
import { AuthCard } from './AuthCard';
import { requestSignInCode } from './api';
import { BotCheckNotice } from './BotCheckNotice';
import { useBotCheck } from './bot-check';
import { useFinishSignIn } from './finish-sign-in';
import { signInWithPasskey } from './passkey-sign-in';
import { rememberedSignInEmail, rememberSignInEmail } from './sign-in-email';

export type SignInFlow = 'login' | 'register';

export const flowOf = (pathname: string): SignInFlow => (pathname.startsWith(paths.register) ? 'register' : 'login');

/** First step of signing in or registering (one flow on the server): where to send the code. */
export default function EmailStepPage() {
  const flow = flowOf(useLocation().pathname);
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => rememberedSignInEmail() ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const botCheck = useBotCheck();
  const finish = useFinishSignIn();
  const passkey = useMutation({ mutationFn: signInWithPasskey, onSuccess: finish });
  const request = useMutation({
    mutationFn: async (address: string) => requestSignInCode(address, await botCheck.tokenFor(BOT_CHECK_ACTIONS.signIn)),
    onSuccess: (challenge) => {
      rememberSignInEmail(challenge.email);
      navigate(paths.codeStep(flow, challenge.challengeId));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      return;
    }
    setInvalid(null);
    request.mutate(parsed.data);
  };

  const error = invalid ?? (request.error ? errorMessage(request.error) : null);
  const passkeyError = passkey.error ? (passkeyErrorMessage(passkey.error) ?? errorMessage(passkey.error)) : null;
  return (
    <AuthCard>
      <PageHeader title={flow === 'register' ? 'Create your account' : 'Sign in'}>
        {flow === 'register' ? 'Join Aurum with your e-mail address. No password needed.' : 'We will e-mail you a code to sign in.'}
      </PageHeader>
      <form noValidate onSubmit={submit} style={{ display: 'grid', gap: 20 }}>
        <TextField
          label="E-mail address"
          type="email"
          name="email"
          autoComplete="email"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error !== null}
          helperText={error ?? 'The code arrives within a minute.'}
        />
        <BlockButton type="submit" loading={request.isPending}>
          Send code
        </BlockButton>
      </form>
      {flow === 'login' && canUsePasskeys() && (
        <>
          <Divider>or</Divider>
          {passkeyError && (
            <Alert severity="error" role="alert">
              {passkeyError}
            </Alert>
          )}
          <BlockButton variant="outlined" startIcon={<Key />} loading={passkey.isPending} onClick={() => passkey.mutate()}>
            Sign in with a passkey
          </BlockButton>
        </>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {flow === 'register' ? 'Already have an account? ' : 'New to Aurum? '}
        <Link component={RouterLink} to={flow === 'register' ? paths.login : paths.register} underline="always">
          {flow === 'register' ? 'Sign in' : 'Create an account'}
        </Link>
      </Typography>
      {botCheck.enabled && <BotCheckNotice />}
    </AuthCard>
  );
}
