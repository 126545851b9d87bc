import { BOT_CHECK_ACTIONS, SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_TTL_MS, signInCodeSchema } from '@aurum/core';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { defineMessage, defineMessages, FormattedMessage, type MessageTag, useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { PageHeader } from '../../components/PageHeader';
import { addSnack } from '../../components/snack-queue';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { AuthCard } from './AuthCard';
import { requestSignInCode, submitSignInCode } from './api';
import { BotCheckNotice } from './BotCheckNotice';
import { useBotCheck } from './bot-check';
import { flowOf } from './EmailStepPage';
import { useFinishSignIn } from './finish-sign-in';
import { rememberedSignInEmail, rememberSignInEmail } from './sign-in-email';

const messages = defineMessages({
  title: { id: 'auth.code.title', defaultMessage: 'Enter your code' },
  yourAddress: {
    id: 'auth.code.yourAddress',
    description: 'Stands for the address when the page does not know it',
    defaultMessage: 'your e-mail address',
  },
  label: { id: 'auth.code.label', defaultMessage: 'Sign-in code' },
  signIn: { id: 'auth.code.signIn', defaultMessage: 'Sign in' },
  newCode: { id: 'auth.code.newCode', defaultMessage: 'Send a new code' },
});
const sentTo = defineMessage<{ length: number; address: MessageTag }>({
  id: 'auth.code.sentTo',
  description: 'The address is shown in bold',
  defaultMessage: 'We sent a {length}-digit code to <address></address>.',
});
const invalidCode = defineMessage<{ length: number }>({ id: 'auth.code.invalid', defaultMessage: 'Enter the {length}-digit code' });
const validFor = defineMessage<{ minutes: number }>({
  id: 'auth.code.validFor',
  defaultMessage: 'The code is valid for {minutes, plural, one {# minute} other {# minutes}}.',
});
const newCodeSent = defineMessage<{ email: string }>({
  id: 'auth.code.newCodeSent',
  defaultMessage: 'A new code is on its way to {email}.',
});

/** Second step: the 6-digit code from the e-mail signs the user in (and creates the account the first time). */
export default function CodeStepPage() {
  const { challengeId = '' } = useParams();
  const flow = flowOf(useLocation().pathname);
  const intl = useIntl();
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const email = rememberedSignInEmail();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  const signIn = useMutation({
    mutationFn: (value: string) => submitSignInCode(challengeId, value),
    onSuccess: finish,
  });
  const botCheck = useBotCheck();
  const resend = useMutation({
    mutationFn: async (address: string) => requestSignInCode(address, await botCheck.tokenFor(BOT_CHECK_ACTIONS.signIn)),
    onSuccess: (challenge) => {
      rememberSignInEmail(challenge.email);
      setCode('');
      signIn.reset();
      addSnack(intl.formatMessage(newCodeSent, { email: challenge.email }), 'success');
      navigate(paths.codeStep(flow, challenge.challengeId), { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = signInCodeSchema.safeParse(code);
    if (!parsed.success) {
      setInvalid(intl.formatMessage(invalidCode, { length: SIGN_IN_CODE_LENGTH }));
      return;
    }
    setInvalid(null);
    signIn.mutate(parsed.data);
  };

  const error = invalid ?? (signIn.error ? errorMessage(signIn.error) : resend.error ? errorMessage(resend.error) : null);
  return (
    <AuthCard>
      <PageHeader title={intl.formatMessage(messages.title)} back>
        <FormattedMessage
          {...sentTo}
          values={{
            length: SIGN_IN_CODE_LENGTH,
            address: () =>
              email ? (
                <Typography component="strong" sx={{ fontWeight: 700, color: 'text.primary', overflowWrap: 'anywhere' }}>
                  {email}
                </Typography>
              ) : (
                intl.formatMessage(messages.yourAddress)
              ),
          }}
        />
      </PageHeader>
      <form noValidate onSubmit={submit} style={{ display: 'grid', gap: 20 }}>
        <TextField
          label={intl.formatMessage(messages.label)}
          name="code"
          autoComplete="one-time-code"
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, SIGN_IN_CODE_LENGTH))}
          error={error !== null}
          helperText={error ?? intl.formatMessage(validFor, { minutes: SIGN_IN_CODE_TTL_MS / 60_000 })}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              pattern: '[0-9]*',
              maxLength: SIGN_IN_CODE_LENGTH,
              style: { fontSize: '1.5rem', letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' },
            },
          }}
        />
        <BlockButton type="submit" loading={signIn.isPending}>
          <FormattedMessage {...messages.signIn} />
        </BlockButton>
      </form>
      {email ? (
        <Button variant="text" onClick={() => resend.mutate(email)} disabled={resend.isPending}>
          <FormattedMessage {...messages.newCode} />
        </Button>
      ) : (
        <Button variant="text" component={RouterLink} to={flow === 'register' ? paths.register : paths.login}>
          <FormattedMessage {...messages.newCode} />
        </Button>
      )}
      {botCheck.enabled && email && <BotCheckNotice />}
    </AuthCard>
  );
}
