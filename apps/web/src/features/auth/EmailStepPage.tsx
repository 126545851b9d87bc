import { BOT_CHECK_ACTIONS, emailSchema } from '@aurum/core';
import Key from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { defineMessage, defineMessages, FormattedMessage, type MessageTag, useIntl } from 'react-intl';
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

const messages = defineMessages({
  registerTitle: { id: 'auth.email.registerTitle', defaultMessage: 'Create your account' },
  registerLead: { id: 'auth.email.registerLead', defaultMessage: 'Join Aurum with your e-mail address. No password needed.' },
  signInTitle: { id: 'auth.email.signInTitle', defaultMessage: 'Sign in' },
  signInLead: { id: 'auth.email.signInLead', defaultMessage: 'We will e-mail you a code to sign in.' },
  email: { id: 'auth.email.label', defaultMessage: 'E-mail address' },
  invalidEmail: { id: 'auth.email.invalid', defaultMessage: 'Enter a valid e-mail address' },
  codeArrives: { id: 'auth.email.codeArrives', defaultMessage: 'The code arrives within a minute.' },
  sendCode: { id: 'auth.email.sendCode', defaultMessage: 'Send code' },
  or: { id: 'auth.email.or', description: 'Between sending a code and signing in with a passkey', defaultMessage: 'or' },
  passkey: { id: 'auth.email.passkey', defaultMessage: 'Sign in with a passkey' },
});
type WithLink = { link: MessageTag };
const haveAccount = defineMessage<WithLink>({
  id: 'auth.email.haveAccount',
  description: 'The link goes to signing in',
  defaultMessage: 'Already have an account? <link>Sign in</link>',
});
const newHere = defineMessage<WithLink>({
  id: 'auth.email.newHere',
  description: 'The link goes to creating an account',
  defaultMessage: 'New to Aurum? <link>Create an account</link>',
});

export const flowOf = (pathname: string): SignInFlow => (pathname.startsWith(paths.register) ? 'register' : 'login');

/** First step of signing in or registering (one flow on the server): where to send the code. */
export default function EmailStepPage() {
  const flow = flowOf(useLocation().pathname);
  const intl = useIntl();
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
      setInvalid(intl.formatMessage(messages.invalidEmail));
      return;
    }
    setInvalid(null);
    request.mutate(parsed.data);
  };

  const error = invalid ?? (request.error ? errorMessage(request.error) : null);
  const passkeyError = passkey.error ? (passkeyErrorMessage(passkey.error) ?? errorMessage(passkey.error)) : null;
  return (
    <AuthCard>
      <PageHeader title={intl.formatMessage(flow === 'register' ? messages.registerTitle : messages.signInTitle)}>
        <FormattedMessage {...(flow === 'register' ? messages.registerLead : messages.signInLead)} />
      </PageHeader>
      <form noValidate onSubmit={submit} style={{ display: 'grid', gap: 20 }}>
        <TextField
          label={intl.formatMessage(messages.email)}
          type="email"
          name="email"
          autoComplete="email"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error !== null}
          helperText={error ?? intl.formatMessage(messages.codeArrives)}
        />
        <BlockButton type="submit" loading={request.isPending}>
          <FormattedMessage {...messages.sendCode} />
        </BlockButton>
      </form>
      {flow === 'login' && canUsePasskeys() && (
        <>
          <Divider>
            <FormattedMessage {...messages.or} />
          </Divider>
          {passkeyError && (
            <Alert severity="error" role="alert">
              {passkeyError}
            </Alert>
          )}
          <BlockButton variant="outlined" startIcon={<Key />} loading={passkey.isPending} onClick={() => passkey.mutate()}>
            <FormattedMessage {...messages.passkey} />
          </BlockButton>
        </>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        <FormattedMessage
          {...(flow === 'register' ? haveAccount : newHere)}
          values={{
            link: (text) => (
              <Link component={RouterLink} to={flow === 'register' ? paths.login : paths.register} underline="always">
                {text}
              </Link>
            ),
          }}
        />
      </Typography>
      {botCheck.enabled && <BotCheckNotice />}
    </AuthCard>
  );
}
