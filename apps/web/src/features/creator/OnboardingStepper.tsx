import type { OnboardingState, OnboardingStepId } from '@aurum/core';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { type StepView, stepperState } from './steps';

/** Hidden from view, read by screen readers. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const STATUS_TEXT: Record<StepView['display'], string> = {
  done: 'done',
  current: 'current step',
  pending: 'waiting for the result',
  todo: 'to do',
};

function stepStatusText(step: StepView): string {
  if (step.current && step.done) return 'current step, done';
  if (step.current && step.pending) return 'current step, waiting for the result';
  return STATUS_TEXT[step.display];
}

/**
 * Creator sign-up progress from the server's onboarding state: done steps ticked, the
 * current one highlighted, the rest to come. Steps can be opened once sign-up has started.
 */
export function OnboardingStepper({ state, current }: { state: OnboardingState | null | undefined; current?: OnboardingStepId | null }) {
  const view = stepperState(state, current);
  return (
    <Box component="nav" aria-label="Creator sign-up steps" sx={{ mb: 3 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, textAlign: 'center' }}>
        {view.doneCount} of {view.total} steps done
      </Typography>
      <Stepper activeStep={view.activeIndex} alternativeLabel nonLinear sx={{ mx: { xs: -1.5, sm: 0 } }}>
        {view.steps.map((step) => (
          <Step key={step.id} completed={step.done} active={step.current} aria-current={step.current ? 'step' : undefined}>
            <StepLabel
              icon={step.pending && !step.done ? <HourglassTopIcon color="warning" aria-hidden /> : undefined}
              optional={
                step.pending && !step.done ? (
                  <Typography variant="caption" color="warning.main" component="span" sx={{ display: 'block' }} aria-hidden>
                    Pending
                  </Typography>
                ) : undefined
              }
              sx={{ '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' }, mt: '6px !important' } }}
            >
              {step.reachable && !step.current ? (
                <Link component={RouterLink} to={step.path} color="inherit" underline="always">
                  {step.label}
                </Link>
              ) : (
                step.label
              )}
              <Box component="span" sx={visuallyHidden}>
                {`: ${stepStatusText(step)}`}
              </Box>
            </StepLabel>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}
