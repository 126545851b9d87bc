import { type OnboardingState, VERIFICATION_NOTE_MAX, type VerificationSession } from '@aurum/core';
import ScienceIcon from '@mui/icons-material/Science';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { onboardingQuery, requestManualVerification, startVerification } from './api';
import { SignupFrame } from './SignupFrame';
import { pathAfterStep } from './steps';
import { useStepSaved } from './useStepSaved';

/** The name the server gives its built-in development provider. */
export const DEV_PROVIDER = 'dev';
/** A check a member asked an admin to make by hand. */
const MANUAL_PROVIDER = 'manual';
/** How often the page asks again while the provider has not answered. */
export const VERIFICATION_POLL_MS = 3000;
/** Set while the user is away at the provider, so the page knows they came back. */
const AWAY_KEY = 'aurum.creatorVerificationStarted';

/** Sends the browser to the provider's page, remembering that the check was started from here. */
function goToProvider(session: VerificationSession): void {
  try {
    window.sessionStorage.setItem(AWAY_KEY, session.requestId);
  } catch {
    // Storage can be off; the page then simply shows the status without moving on.
  }
  window.location.assign(session.url);
}

/** True once, on the first visit after returning from the provider. */
function cameBackFromProvider(): boolean {
  try {
    const away = window.sessionStorage.getItem(AWAY_KEY) !== null;
    window.sessionStorage.removeItem(AWAY_KEY);
    return away;
  } catch {
    return false;
  }
}

/** /creator/signup/verify-identity: explains the check, sends the user to the provider and shows the result on return. */
export default function VerifyIdentityPage() {
  return (
    <SignupFrame
      step="verify_identity"
      title="Verify your identity"
      intro="A one-time check that you are 18 or older and who you say you are."
    >
      {(state) => <VerifyIdentity state={state} />}
    </SignupFrame>
  );
}

type Shown = 'verified' | 'pending' | 'declined' | 'expired' | 'none';

function shownStatus(state: OnboardingState): Shown {
  if (state.identityVerifiedAt) return 'verified';
  return state.verification?.status === 'approved' ? 'verified' : (state.verification?.status ?? 'none');
}

function VerifyIdentity({ state }: { state: OnboardingState }) {
  const navigate = useNavigate();
  const stepSaved = useStepSaved();
  const shown = shownStatus(state);
  const [devSession, setDevSession] = useState<VerificationSession | null>(null);
  // While the provider has not answered, ask again now and then; the result arrives by webhook.
  useQuery({ ...onboardingQuery, refetchInterval: shown === 'pending' ? VERIFICATION_POLL_MS : false });

  const start = useMutation({
    mutationFn: startVerification,
    onSuccess: (session) => (session.provider === DEV_PROVIDER ? setDevSession(session) : goToProvider(session)),
  });

  // Back from the provider, or the verdict just arrived: the server may have made the user a creator.
  const previous = useRef<Shown | null>(null);
  useEffect(() => {
    const returned = previous.current === null && cameBackFromProvider();
    const justDecided = previous.current === 'pending' && shown !== 'pending';
    previous.current = shown;
    if (returned || justDecided) void stepSaved(state, 'verify_identity', { navigate: false });
  }, [shown, state, stepSaved]);

  const ageMissing = !state.ageGender;
  const isDev = state.verification?.provider === DEV_PROVIDER;
  const isManual = state.verification?.provider === MANUAL_PROVIDER;
  const next = pathAfterStep(state, 'verify_identity');

  return (
    <>
      {shown !== 'verified' && <Explanation />}
      {isDev && (
        <Alert severity="warning" variant="outlined" icon={<ScienceIcon />}>
          Development verification provider: no real identity check
        </Alert>
      )}
      <StatusNotice state={state} shown={shown} manual={isManual} />
      {start.error && <Alert severity="error">{errorMessage(start.error)}</Alert>}
      {shown === 'verified' ? (
        <BlockButton onClick={() => navigate(state.isCreator ? paths.creatorDashboard : next)}>
          {state.isCreator ? 'Go to your creator dashboard' : 'Continue'}
        </BlockButton>
      ) : (
        <>
          {ageMissing && (
            <Alert severity="info">
              Enter your date of birth first.{' '}
              <Link component={RouterLink} to={paths.creatorSignupStep.age_gender}>
                Go to age and gender
              </Link>
            </Alert>
          )}
          <BlockButton
            loading={start.isPending}
            disabled={ageMissing}
            onClick={() => start.mutate()}
            variant={shown === 'pending' ? 'outlined' : 'contained'}
          >
            {shown === 'none' ? 'Verify my identity' : shown === 'pending' ? 'Start the check again' : 'Try again'}
          </BlockButton>
          {shown === 'pending' && next !== paths.creatorSignupStep.verify_identity && (
            <Button component={RouterLink} to={next} size="large">
              Continue with the next step meanwhile
            </Button>
          )}
        </>
      )}
      {shown !== 'verified' && !(shown === 'pending' && isManual) && <ManualCheck />}
      <DevProviderDialog session={devSession} onClose={() => setDevSession(null)} />
    </>
  );
}

/**
 * When the partner's check cannot work for them, a member asks an admin to check their age by
 * hand; the server's refusal (already asked, already verified) is shown as it says it (spec 5).
 */
function ManualCheck() {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const ask = useMutation({
    mutationFn: (request: { note: string }) => requestManualVerification(request),
    onSuccess: async () => {
      setNote('');
      await queryClient.invalidateQueries({ queryKey: onboardingQuery.queryKey });
    },
  });
  return (
    <Box
      component="form"
      aria-labelledby="manual-check"
      onSubmit={(event) => {
        event.preventDefault();
        ask.mutate({ note: note.trim() });
      }}
      sx={{ display: 'grid', gap: 1.5, pt: 1 }}
    >
      <Typography id="manual-check" variant="h2" sx={{ fontSize: '1.15rem' }}>
        Ask for a manual check
      </Typography>
      <Typography color="text.secondary">
        If the partner's check does not work for you, an admin can check your age by hand. Tell us how to reach you or what went wrong.
      </Typography>
      <TextField
        label="Note for the admin (optional)"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: VERIFICATION_NOTE_MAX } }}
      />
      {ask.error && (
        <Alert severity="error" role="alert">
          {errorMessage(ask.error)}
        </Alert>
      )}
      <BlockButton type="submit" variant="outlined" loading={ask.isPending}>
        Ask an admin to check my age
      </BlockButton>
    </Box>
  );
}

function Explanation() {
  return (
    <Box component="section" aria-labelledby="verify-how" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="verify-how" variant="h2" sx={{ fontSize: '1.15rem' }}>
        How the check works
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
        <li>Our verification partner asks for a photo of an ID document (passport, ID card or driving licence) and a selfie.</li>
        <li>It confirms that you are 18 or older and that this account is yours.</li>
        <li>Aurum only receives the result, approved or declined. Your documents stay with the partner.</li>
      </Box>
    </Box>
  );
}

function StatusNotice({ state, shown, manual }: { state: OnboardingState; shown: Shown; manual: boolean }) {
  switch (shown) {
    case 'verified':
      return (
        <Alert severity="success" role="status">
          <AlertTitle>Your identity is verified</AlertTitle>
          {state.isCreator ? 'You are a creator.' : 'Thank you. Finish the remaining steps to become a creator.'}
        </Alert>
      );
    case 'pending':
      return manual ? (
        <Alert severity="info" role="status">
          <AlertTitle>An admin will check your age</AlertTitle>
          We tell you here, in your notices and by e-mail once they have decided.
        </Alert>
      ) : (
        <Alert severity="info" role="status">
          <AlertTitle>Waiting for the result</AlertTitle>
          The check usually takes a minute or two once you have finished at the verification partner. This page updates by itself.
        </Alert>
      );
    case 'declined':
      return (
        <Alert severity="error" role="alert">
          <AlertTitle>Your identity could not be verified</AlertTitle>
          {state.verification?.reason ?? 'The check was declined.'} You can try again.
        </Alert>
      );
    case 'expired':
      return (
        <Alert severity="warning" role="status">
          <AlertTitle>The check expired</AlertTitle>
          It was not finished in time. Start a new one.
        </Alert>
      );
    case 'none':
      return null;
  }
}

/** The development provider runs inside this server: say so plainly before sending the user there. */
function DevProviderDialog({ session, onClose }: { session: VerificationSession | null; onClose: () => void }) {
  return (
    <Dialog open={session !== null} onClose={onClose} aria-labelledby="dev-provider-title" aria-describedby="dev-provider-text">
      <DialogTitle id="dev-provider-title">Development verification</DialogTitle>
      <DialogContent>
        <DialogContentText id="dev-provider-text">
          This server uses the development verification provider, for trying Aurum out only. No real identity check happens: on the next
          page you approve or decline the check yourself.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => session && goToProvider(session)} autoFocus>
          Continue to the development check
        </Button>
      </DialogActions>
    </Dialog>
  );
}
