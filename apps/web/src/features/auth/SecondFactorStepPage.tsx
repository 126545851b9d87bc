import type { SecondFactorMethod } from '@aurum/core';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { SecondFactorForm } from '../../components/second-factor/SecondFactorForm';
import { paths } from '../../lib/paths';
import { AuthCard } from './AuthCard';
import { completeSignIn, ticketPasskeyOptions } from './api';
import { type SecondFactorTicket, useFinishSignIn } from './finish-sign-in';

const isTicket = (state: unknown): state is SecondFactorTicket =>
  typeof state === 'object' && state !== null && typeof (state as SecondFactorTicket).ticket === 'string';

/** The second step of signing in to an account with a passkey or an authenticator app. */
export default function SecondFactorStepPage() {
  const state: unknown = useLocation().state;
  const finish = useFinishSignIn();
  if (!isTicket(state)) {
    return (
      <AuthCard>
        <PageHeader title="Start signing in again">This step of signing in was left or reloaded, so it has to start again.</PageHeader>
        <Button variant="contained" component={RouterLink} to={paths.login}>
          Sign in
        </Button>
      </AuthCard>
    );
  }
  const { ticket, methods } = state;
  return (
    <AuthCard>
      <PageHeader title="Confirm it is you">{`Your account asks for a second step: ${secondStepWays(methods)}.`}</PageHeader>
      <SecondFactorForm
        methods={methods}
        passkeyOptions={() => ticketPasskeyOptions(ticket)}
        submitLabel="Sign in"
        onAnswer={async (answer) => finish(await completeSignIn(ticket, answer))}
      />
      <Button variant="text" component={RouterLink} to={paths.login}>
        Start again
      </Button>
    </AuthCard>
  );
}

/** What the second step takes, from the methods this account has (a recovery code always works). */
function secondStepWays(methods: readonly SecondFactorMethod[]): string {
  const ways = [
    methods.includes('passkey') && 'use your passkey',
    methods.includes('totp') && 'enter the code your authenticator app shows',
  ].filter(Boolean);
  return ways.length ? `${ways.join(', or ')}. A recovery code works too` : 'enter one of your recovery codes';
}
