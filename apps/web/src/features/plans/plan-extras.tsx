import type { Plan } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { addSnack } from '../../components/snack-queue';
import { errorMessage } from '../../lib/errors';
import { planPrice } from '../../lib/plans';

/**
 * The parts the Plans page's extras share (discounts, free-trial links): the dialog that makes
 * one and its common fields (the plan, the most uses, the end), and the action that stops one.
 */

/** A dialog that makes something from its fields, sent once they pass; the server's refusal shows in it. */
export function MakeDialog({
  title,
  submitLabel,
  pending,
  error,
  canSubmit,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  canSubmit: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {children}
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" loading={pending} disabled={!canSubmit} onClick={onSubmit}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Stops one of the creator's offers or links, then reads their list again and says so. */
export function StopButton({ stop, listKey, done }: { stop: () => Promise<unknown>; listKey: QueryKey; done: string }) {
  const queryClient = useQueryClient();
  const stopping = useMutation({
    mutationFn: stop,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      addSnack(done, 'success');
    },
    onError: (error) => addSnack(errorMessage(error), 'error'),
  });
  return (
    <Button size="small" color="inherit" loading={stopping.isPending} onClick={() => stopping.mutate()} sx={{ justifySelf: 'start' }}>
      Stop
    </Button>
  );
}

/** Which of the creator's active plans it is for, each with its price. */
export function PlanSelect({ plans, value, onChange }: { plans: readonly Plan[]; value: string; onChange: (planId: string) => void }) {
  return (
    <TextField select label="Plan" value={value} onChange={(event) => onChange(event.target.value)}>
      {plans.map((plan) => (
        <MenuItem key={plan.id} value={plan.id}>
          {plan.name} · {planPrice(plan)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** How many times at most it may be used (`label` says how); empty for no limit. */
export function LimitField({
  label,
  value,
  onChange,
  problem,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(problem)}
      helperText={problem ?? 'Leave empty for no limit.'}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}

/** When it ends, in the creator's time (`helperText` says what ending means); empty for never. */
export function EndField({ value, onChange, helperText }: { value: string; onChange: (value: string) => void; helperText: string }) {
  return (
    <TextField
      label="Ends (optional)"
      type="datetime-local"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={helperText}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** A `LimitField`'s value as sent: null when left empty. */
export const limitOf = (value: string): number | null => (value.trim() ? Number(value) : null);

/** An `EndField`'s value as sent: the instant, or null when left empty. */
export const endOf = (value: string): string | null => (value ? new Date(value).toISOString() : null);
