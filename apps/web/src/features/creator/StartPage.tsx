import { ONBOARDING_STEPS, SUBSCRIPTION_PERIOD_DAYS } from '@aurum/core';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { startOnboarding } from './api';
import { SignupFrame } from './SignupFrame';
import { resumePath, STEP_DESCRIPTIONS } from './steps';
import { useStepSaved } from './useStepSaved';

/** /creator/signup/start: what being a creator means, the steps ahead, and the Start button. */
export default function StartPage() {
  const navigate = useNavigate();
  const stepSaved = useStepSaved();
  const start = useMutation({ mutationFn: startOnboarding, onSuccess: (state) => stepSaved(state, 'start') });

  return (
    <SignupFrame step="start" title="Become a creator" intro="Sell subscriptions to your posts on Aurum.">
      {(state) => {
        if (state.status === 'completed') return <Navigate to={paths.creatorSignup} replace />;
        const started = state.status !== 'not_started';
        const next = resumePath(state);
        return (
          <>
            <Box component="section" aria-labelledby="creator-what" sx={{ display: 'grid', gap: 1 }}>
              <Typography id="creator-what" variant="h2" sx={{ fontSize: '1.25rem' }}>
                What creators do
              </Typography>
              <Typography>
                Creators publish photos, videos and audio, and offer plans that members subscribe to. Each plan has its own price, billed
                every {SUBSCRIPTION_PERIOD_DAYS} days, and can include chatting with you. You decide which posts are public, for followers,
                or only for subscribers.
              </Typography>
            </Box>
            <Box component="section" aria-labelledby="creator-steps" sx={{ display: 'grid', gap: 1.5 }}>
              <Typography id="creator-steps" variant="h2" sx={{ fontSize: '1.25rem' }}>
                The steps
              </Typography>
              <Typography color="text.secondary">It takes about five minutes. You can stop at any time and continue later.</Typography>
              <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
                {ONBOARDING_STEPS.map((id) => {
                  const status = state.steps.find((step) => step.id === id)?.status ?? 'todo';
                  const Icon = status === 'done' ? CheckCircleIcon : status === 'pending' ? HourglassTopIcon : RadioButtonUncheckedIcon;
                  const statusText = status === 'done' ? 'Done' : status === 'pending' ? 'Waiting for the result' : 'To do';
                  return (
                    <Box component="li" key={id} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                      <Icon
                        aria-hidden
                        sx={{
                          mt: '2px',
                          color: status === 'done' ? 'primary.main' : status === 'pending' ? 'warning.main' : 'text.secondary',
                        }}
                      />
                      <Box>
                        <Typography component="h3" sx={{ fontWeight: 700 }}>
                          {STEP_DESCRIPTIONS[id].title}
                          <Typography component="span" variant="body2" color="text.secondary" sx={{ fontWeight: 400 }}>
                            {` · ${statusText}`}
                          </Typography>
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {STEP_DESCRIPTIONS[id].text}
                        </Typography>
                      </Box>
                    </Box>
                  );
                })}
              </Box>
            </Box>
            {start.error && <Alert severity="error">{errorMessage(start.error)}</Alert>}
            {started ? (
              <BlockButton onClick={() => navigate(next ?? paths.creatorSignup)}>Continue</BlockButton>
            ) : (
              <BlockButton loading={start.isPending} onClick={() => start.mutate()}>
                Start
              </BlockButton>
            )}
          </>
        );
      }}
    </SignupFrame>
  );
}
