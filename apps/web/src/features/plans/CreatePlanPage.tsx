import Paper from '@mui/material/Paper';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../lib/paths';
import { ownPlansQuery } from '../../lib/plans';
import { BecomeCreatorPrompt } from '../creator/BecomeCreatorPrompt';
import { createPlan, planQuery } from './api';
import { PlanForm } from './PlanForm';
import { PLANS_PROMPT } from './PlansPage';
import { emptyPlanForm } from './plan-form';
import { useIsCreator } from './useIsCreator';

/** Where the plan page learns that the plan was just created. */
export interface PlanPageState {
  created?: boolean;
}

/** /plans/create: a new plan, created inactive. */
export default function CreatePlanPage() {
  if (!useIsCreator()) return <BecomeCreatorPrompt title="Create a plan" what={PLANS_PROMPT} />;
  return <CreatePlan />;
}

function CreatePlan() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [initial] = useState(() => emptyPlanForm());
  const create = useMutation({
    mutationFn: createPlan,
    onSuccess: async (plan) => {
      queryClient.setQueryData(planQuery(plan.id).queryKey, plan);
      await queryClient.invalidateQueries({ queryKey: ownPlansQuery.queryKey });
      navigate(paths.plan(plan.id), { state: { created: true } satisfies PlanPageState });
    },
  });
  return (
    <>
      <PageHeader title="Create a plan" back>
        A new plan starts inactive. Members can subscribe once you activate it.
      </PageHeader>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 640 }}>
        <PlanForm
          initial={initial}
          submitLabel="Create plan"
          pending={create.isPending}
          serverError={create.error}
          onSubmit={(input) => create.mutate(input)}
        />
      </Paper>
    </>
  );
}
