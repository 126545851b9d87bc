import type { Plan } from '@aurum/core';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { ACCESS_OPTIONS, planPriceText, planSelectable, toggleAccess } from './access';

export interface AccessChooserProps {
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** The creator's plans, active or not; undefined while loading. */
  plans: readonly Plan[] | undefined;
  plansError?: string | null;
  error?: string | null;
}

/**
 * Who can see a post: one or more audiences, or Private alone. Each box is labelled with the
 * audience's name and described by a sentence; plans show their price and can be picked only
 * while they are offered.
 */
export function AccessChooser({ value, onChange, plans, plansError, error }: AccessChooserProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const set = (token: string, checked: boolean) => onChange(toggleAccess(value, token, checked));
  const keywordOptions = ACCESS_OPTIONS.filter((option) => option.token !== 'private');
  const privateOption = ACCESS_OPTIONS.find((option) => option.token === 'private');
  return (
    <Box
      component="fieldset"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      sx={{ m: 0, p: 0, border: 0, minWidth: 0, display: 'grid', gap: 0.5 }}
    >
      <Typography component="legend" variant="h2" sx={{ fontSize: '1.1rem', mb: 1, p: 0 }}>
        Who can see this post
      </Typography>
      {keywordOptions.map((option) => (
        <Choice
          key={option.token}
          id={`${id}-${option.token}`}
          label={option.label}
          description={option.description}
          checked={value.includes(option.token)}
          onChange={(checked) => set(option.token, checked)}
        />
      ))}

      <Box role="group" aria-labelledby={`${id}-plans`} sx={{ mt: 1, display: 'grid', gap: 0.5 }}>
        <Typography id={`${id}-plans`} sx={{ fontWeight: 600 }}>
          Specific plans
        </Typography>
        {plans === undefined && !plansError && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', py: 1 }}>
            <CircularProgress size={16} aria-hidden /> Loading your plans…
          </Box>
        )}
        {plansError && (
          <Typography variant="body2" color="error">
            {plansError}
          </Typography>
        )}
        {plans?.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            You have no plans yet.{' '}
            <Link component={RouterLink} to={paths.createPlan} underline="always">
              Create a plan
            </Link>{' '}
            to sell access to posts.
          </Typography>
        )}
        {plans?.map((plan) => (
          <Choice
            key={plan.id}
            id={`${id}-plan-${plan.id}`}
            label={plan.name}
            description={plan.active ? planPriceText(plan) : `${planPriceText(plan)} · not offered (inactive)`}
            checked={value.includes(plan.id)}
            disabled={!planSelectable(plan, value)}
            onChange={(checked) => set(plan.id, checked)}
          />
        ))}
      </Box>

      {privateOption && (
        <Box sx={{ mt: 1 }}>
          <Choice
            id={`${id}-private`}
            label={privateOption.label}
            description={`${privateOption.description} Choosing it clears the others.`}
            checked={value.includes('private')}
            onChange={(checked) => set('private', checked)}
          />
        </Box>
      )}
      {error && (
        <FormHelperText id={errorId} error role="alert" sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}

function Choice({
  id,
  label,
  description,
  checked,
  disabled = false,
  onChange,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.5,
        borderRadius: 2,
        pr: 1,
        opacity: disabled ? 0.6 : 1,
        bgcolor: checked ? 'action.selected' : undefined,
      }}
    >
      <Checkbox
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{ input: { id, 'aria-describedby': `${id}-description` } }}
      />
      <Box sx={{ py: 1, minWidth: 0 }}>
        <Typography component="label" htmlFor={id} sx={{ display: 'block', fontWeight: 600, cursor: disabled ? 'default' : 'pointer' }}>
          {label}
        </Typography>
        <Typography id={`${id}-description`} variant="body2" color="text.secondary">
          {description}
        </Typography>
      </Box>
    </Box>
  );
}
