import { PLAN_PERKS, type Plan } from '@aurum/core';
import ChatIcon from '@mui/icons-material/Chat';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { planPrice } from '../../lib/plans';

/** The description and perk lines that explain a plan beyond its name and price. */
function describedBy(id: string, plan: PlanOption): string | undefined {
  const ids = [plan.description && `${id}-${plan.id}-description`, plan.perks.chat && `${id}-${plan.id}-perks`].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export type PlanOption = Pick<Plan, 'id' | 'name' | 'description' | 'priceMinor' | 'currency' | 'billingPeriodDays' | 'perks'>;

/** A creator's plans as radio cards: name, price per period, description and perks. The current plan is shown but cannot be picked. */
export function PlanChoice({
  plans,
  value,
  onChange,
  currentPlanId,
  disabled = false,
  legend = 'Choose a plan',
}: {
  plans: readonly PlanOption[];
  value: string | null;
  onChange: (planId: string) => void;
  currentPlanId?: string;
  disabled?: boolean;
  legend?: string;
}) {
  const id = useId();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {legend}
      </FormLabel>
      <RadioGroup name={`${id}-plan`} value={value ?? ''} onChange={(event) => onChange(event.target.value)} sx={{ gap: 1.5 }}>
        {plans.map((plan) => {
          const current = plan.id === currentPlanId;
          const selected = plan.id === value;
          return (
            <FormControlLabel
              key={plan.id}
              value={plan.id}
              disabled={current || disabled}
              control={
                <Radio
                  sx={{ alignSelf: 'flex-start' }}
                  slotProps={{
                    input: {
                      'aria-label': `${plan.name}, ${planPrice(plan)} per ${plan.billingPeriodDays} days${current ? ' (current plan)' : ''}`,
                      'aria-describedby': describedBy(id, plan),
                    },
                  }}
                />
              }
              sx={{
                m: 0,
                p: 1.5,
                pl: 0.5,
                alignItems: 'flex-start',
                border: 1,
                borderRadius: 1,
                borderColor: selected ? 'primary.main' : 'divider',
                '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 },
              }}
              label={
                <Box sx={{ display: 'grid', gap: 0.5, pt: 0.75 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{plan.name}</Typography>
                    <Typography component="span">
                      <Box component="span" sx={{ fontWeight: 700, color: 'primary.main' }}>
                        {planPrice(plan)}
                      </Box>{' '}
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        per {plan.billingPeriodDays} days
                      </Box>
                    </Typography>
                  </Box>
                  {current && <Chip label="Current plan" size="small" variant="outlined" sx={{ justifySelf: 'start' }} />}
                  {plan.description && (
                    <Typography
                      id={`${id}-${plan.id}-description`}
                      variant="body2"
                      color="text.secondary"
                      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    >
                      {plan.description}
                    </Typography>
                  )}
                  {plan.perks.chat && (
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                      <ChatIcon aria-hidden fontSize="small" color="primary" sx={{ mt: 0.25 }} />
                      <Typography id={`${id}-${plan.id}-perks`} variant="body2">
                        <strong>{PLAN_PERKS.chat.name}:</strong> {PLAN_PERKS.chat.memberDescription}
                      </Typography>
                    </Box>
                  )}
                </Box>
              }
            />
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}
