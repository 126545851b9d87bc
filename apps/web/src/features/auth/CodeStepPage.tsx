import { BOT_CHECK_ACTIONS, SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_TTL_MS, signInCodeSchema } from '@aurum/core';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
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

/** Second step: the 6-digit code from the e-mail signs the user in (and creates the account the first time). */
export default function CodeStepPage() {
  const { challengeId = '' } = useParams();
  const flow = flowOf(useLocation().pathname);
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
      addSnack(`A new code is on its way to ${challenge.email}.`, 'success');
      navigate(paths.codeStep(flow, challenge.challengeId), { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = signInCodeSchema.safeParse(code);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? `Enter the ${SIGN_IN_CODE_LENGTH}-digit code`);
      return;
    }
    setInvalid(null);
    signIn.mutate(parsed.data);
  };

  const error = invalid ?? (signIn.error ? errorMessage(signIn.error) : resend.error ? errorMessage(resend.error) : null);
  return (
    <AuthCard>
      <PageHeader title="Enter your code" back>
        We sent a {SIGN_IN_CODE_LENGTH}-digit code to{' '}
        {email ? (
          <Typography component="strong" sx={{ fontWeight: 700, color: 'text.primary', overflowWrap: 'anywhere' }}>
            {email}
          </Typography>
        ) : (
          'your e-mail address'
        )}
        .
      </PageHeader>
      <form noValidate onSubmit={submit} style={{ display: 'grid', gap: 20 }}>
        <TextField
          label="Sign-in code"
          name="code"
          autoComplete="one-time-code"
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, SIGN_IN_CODE_LENGTH))}
          error={error !== null}
          helperText={error ?? `The code is valid for ${SIGN_IN_CODE_TTL_MS / 60_000} minutes.`}
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
          Sign in
        </BlockButton>
      </form>
      {email ? (
        <Button variant="text" onClick={() => resend.mutate(email)} disabled={resend.isPending}>
          Send a new code
        </Button>
      ) : (
        <Button variant="text" component={RouterLink} to={flow === 'register' ? paths.register : paths.login}>
          Send a new code
        </Button>
      )}
      {botCheck.enabled && email && <BotCheckNotice />}
    </AuthCard>
  );
}
