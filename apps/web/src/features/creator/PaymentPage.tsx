import type { OnboardingState } from '@aurum/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { PayoutMethodsSection } from '../../components/payout-method/PayoutMethodsSection';
import { addSnack } from '../../components/snack-queue';
import { onboardingQuery } from './api';
import { SignupFrame } from './SignupFrame';
import { pathAfterStep } from './steps';
import { useStepSaved } from './useStepSaved';

/** /creator/signup/payment: where earnings go. Also where creators manage their payout methods later. */
export default function PaymentPage() {
  return (
    <SignupFrame step="payout" title="Payout details" intro="Where your earnings go: a bank account or PayPal.">
      {(state) => <Payouts state={state} />}
    </SignupFrame>
  );
}

function Payouts({ state }: { state: OnboardingState }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const stepSaved = useStepSaved();
  const payoutDone = state.steps.some((step) => step.id === 'payout' && step.status === 'done');
  const refreshProgress = () =>
    queryClient.fetchQuery({ ...onboardingQuery, staleTime: 0 }).catch((error: unknown) => {
      console.error('Could not refresh the creator sign-up progress.', error);
      return null;
    });

  const added = async () => {
    addSnack('Payout method saved.', 'success');
    const next = await refreshProgress();
    // Creators managing their methods stay here; during sign-up, saving moves on.
    if (next && !state.isCreator) await stepSaved(next, 'payout');
  };

  return (
    <>
      <PayoutMethodsSection onAdded={() => void added()} onChanged={() => void refreshProgress()} />
      {payoutDone && !state.isCreator && <BlockButton onClick={() => navigate(pathAfterStep(state, 'payout'))}>Continue</BlockButton>}
    </>
  );
}
