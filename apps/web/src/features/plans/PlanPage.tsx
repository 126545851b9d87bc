import { PLAN_PERKS, type Plan } from '@aurum/core';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { addSnack } from '../../components/snack-queue';
import { isApiError } from '../../lib/api/client';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { ownPlansQuery } from '../../lib/plans';
import { BecomeCreatorPrompt } from '../creator/BecomeCreatorPrompt';
import { planQuery, setPlanActive, updatePlan } from './api';
import type { PlanPageState } from './CreatePlanPage';
import { PlanForm } from './PlanForm';
import { PlanChips, planPriceLine } from './PlanSummary';
import { PLANS_PROMPT } from './PlansPage';
import { planFormValues } from './plan-form';
import { useIsCreator } from './useIsCreator';

/** /plans/{planId}: one of the creator's plans, to read, edit, activate or deactivate. */
export default function PlanPage() {
  if (!useIsCreator()) return <BecomeCreatorPrompt title="Plan" what={PLANS_PROMPT} />;
  return <PlanView />;
}

function PlanView() {
  const { planId = '' } = useParams();
  const plan = useQuery(planQuery(planId));
  if (plan.isPending) return <PageLoading label="Loading the plan" />;
  if (isApiError(plan.error) && plan.error.statusCode === 404) {
    return (
      <>
        <PageHeader title="Plan not found" back>
          This plan does not exist, or it is not one of yours.
        </PageHeader>
        <Button variant="contained" component={RouterLink} to={paths.plans}>
          Back to your plans
        </Button>
      </>
    );
  }
  if (plan.error) return <LoadFailed title="Plan" error={plan.error} retry={() => plan.refetch()} />;
  return <PlanDetails plan={plan.data} />;
}

function PlanDetails({ plan }: { plan: Plan }) {
  const queryClient = useQueryClient();
  const created = Boolean((useLocation().state as PlanPageState | null)?.created);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const stored = async (updated: Plan) => {
    queryClient.setQueryData(planQuery(updated.id).queryKey, updated);
    await queryClient.invalidateQueries({ queryKey: ownPlansQuery.queryKey });
  };
  const toggle = useMutation({
    mutationFn: (active: boolean) => setPlanActive(plan.id, active),
    onSuccess: async (updated) => {
      setConfirming(false);
      await stored(updated);
      addSnack(updated.active ? 'Plan activated. Members can subscribe now.' : 'Plan deactivated.', 'success');
    },
  });
  const update = useMutation({
    mutationFn: (input: Parameters<typeof updatePlan>[1]) => updatePlan(plan.id, input),
    onSuccess: async (updated) => {
      setEditing(false);
      await stored(updated);
      addSnack('Plan saved.', 'success');
    },
  });
  const action = plan.active ? 'Deactivate' : 'Activate';

  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeader title={plan.name} back />
      <Box sx={{ display: 'grid', gap: 2 }}>
        {created && !plan.active && (
          <Alert severity="success">
            <AlertTitle>Plan created</AlertTitle>
            It is inactive: members cannot see or subscribe to it until you activate it.
          </Alert>
        )}
        <Paper
          component="section"
          aria-labelledby="plan-status"
          variant="outlined"
          sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 1.5 }}
        >
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id="plan-status" variant="h2" sx={{ fontSize: '1.2rem' }}>
              Status
            </Typography>
            <PlanChips plan={plan} />
          </Box>
          <Typography color="text.secondary">
            {plan.active
              ? 'Members can subscribe to this plan on your profile.'
              : 'Inactive: members cannot see this plan or subscribe to it.'}
          </Typography>
          <BlockButton
            variant={plan.active ? 'outlined' : 'contained'}
            onClick={() => {
              toggle.reset();
              setConfirming(true);
            }}
          >
            {action} plan
          </BlockButton>
        </Paper>

        <Paper
          component="section"
          aria-labelledby="plan-details"
          variant="outlined"
          sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 2 }}
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography id="plan-details" variant="h2" sx={{ fontSize: '1.2rem' }}>
              {editing ? 'Edit plan' : 'Details'}
            </Typography>
            {!editing && (
              <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                Edit plan
              </Button>
            )}
          </Box>
          {editing ? (
            <PlanForm
              initial={planFormValues(plan)}
              submitLabel="Save changes"
              pending={update.isPending}
              serverError={update.error}
              onSubmit={(input) => update.mutate(input)}
              onCancel={() => {
                update.reset();
                setEditing(false);
              }}
            />
          ) : (
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gap: 1.5, '& dt': { color: 'text.secondary', fontSize: '0.875rem' }, '& dd': { m: 0 } }}
            >
              <div>
                <dt>Price</dt>
                <Typography component="dd" sx={{ fontWeight: 700, color: 'primary.main' }}>
                  {planPriceLine(plan)}
                </Typography>
              </div>
              <div>
                <dt>Description</dt>
                <Typography component="dd" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {plan.description || 'No description'}
                </Typography>
              </div>
              <div>
                <dt>Perks</dt>
                <dd>
                  {plan.perks.chat ? (
                    <>
                      <Typography sx={{ fontWeight: 600 }}>{PLAN_PERKS.chat.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {PLAN_PERKS.chat.creatorDescription}
                      </Typography>
                    </>
                  ) : (
                    'None'
                  )}
                </dd>
              </div>
            </Box>
          )}
        </Paper>
      </Box>

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="plan-toggle-title"
        aria-describedby="plan-toggle-text"
      >
        <DialogTitle id="plan-toggle-title">{action} this plan?</DialogTitle>
        <DialogContent>
          <DialogContentText id="plan-toggle-text">
            {plan.active
              ? 'New members can no longer subscribe. Current subscribers keep access until their paid period ends.'
              : `Members will see ${plan.name} for ${planPriceLine(plan)} on your profile and can subscribe to it.`}
          </DialogContentText>
          {toggle.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(toggle.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Box>
            <BlockButton
              size="medium"
              color={plan.active ? 'error' : 'primary'}
              loading={toggle.isPending}
              onClick={() => toggle.mutate(!plan.active)}
            >
              {action}
            </BlockButton>
          </Box>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
