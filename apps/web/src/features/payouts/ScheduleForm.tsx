import type { PayoutAccount, PayoutSchedule } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { queryKeys } from '../../lib/query-keys';
import { saveSchedule } from './api';
import { scheduleText, WEEKDAYS } from './labels';

type Kind = PayoutSchedule['kind'];
const MONTH_DAYS = Array.from({ length: 28 }, (_, index) => index + 1);

/** The form's choice: a kind, and the weekday and day of the month kept apart so switching back keeps them. */
interface Draft {
  kind: Kind;
  weekday: number;
  monthDay: number;
}

function draftOf(schedule: PayoutSchedule): Draft {
  return {
    kind: schedule.kind,
    weekday: schedule.kind === 'weekly' ? schedule.day : 1,
    monthDay: schedule.kind === 'monthly' ? schedule.day : 1,
  };
}

function scheduleOf(draft: Draft): PayoutSchedule {
  if (draft.kind === 'weekly') return { kind: 'weekly', day: draft.weekday };
  if (draft.kind === 'monthly') return { kind: 'monthly', day: draft.monthDay };
  return { kind: 'manual' };
}

const sameSchedule = (a: PayoutSchedule, b: PayoutSchedule) => a.kind === b.kind && (a.kind === 'manual' || a.day === (b as typeof a).day);

/** Automatic payouts: off, weekly on a weekday or monthly on a day, with when the next one runs. */
export function ScheduleForm({ account }: { account: PayoutAccount }) {
  const queryClient = useQueryClient();
  const legendId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(account.schedule));
  const save = useMutation({
    mutationFn: saveSchedule,
    onSuccess: (next) => {
      queryClient.setQueryData(queryKeys.payouts.account, next);
      setDraft(draftOf(next.schedule));
      addSnack('Automatic payouts saved.', 'success');
    },
  });
  const chosen = scheduleOf(draft);
  const changed = !sameSchedule(chosen, account.schedule);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosen);
  };

  return (
    <SectionCard title="Automatic payouts">
      <Typography role="status" sx={{ fontWeight: 600 }}>
        {account.schedule.kind === 'manual'
          ? 'Off: you withdraw when you want.'
          : `${scheduleText(account.schedule)}. Next payout: ${account.nextScheduledPayoutAt ? formatDate(account.nextScheduledPayoutAt, 'UTC') : 'soon'}.`}
      </Typography>
      <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <FormControl component="fieldset">
          <FormLabel component="legend" id={legendId} sx={{ mb: 0.5 }}>
            Send my available balance
          </FormLabel>
          <RadioGroup
            aria-labelledby={legendId}
            name="schedule"
            value={draft.kind}
            onChange={(event) => setDraft((current) => ({ ...current, kind: event.target.value as Kind }))}
          >
            <FormControlLabel value="manual" control={<Radio />} label="Only when I withdraw" />
            <FormControlLabel value="weekly" control={<Radio />} label="Every week" />
            <FormControlLabel value="monthly" control={<Radio />} label="Every month" />
          </RadioGroup>
        </FormControl>
        {draft.kind === 'weekly' && (
          <TextField
            select
            label="Weekday"
            value={draft.weekday}
            onChange={(event) => setDraft((current) => ({ ...current, weekday: Number(event.target.value) }))}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {WEEKDAYS.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </TextField>
        )}
        {draft.kind === 'monthly' && (
          <TextField
            select
            label="Day of the month"
            value={draft.monthDay}
            onChange={(event) => setDraft((current) => ({ ...current, monthDay: Number(event.target.value) }))}
            helperText="Up to the 28th, so every month has it."
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {MONTH_DAYS.map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </TextField>
        )}
        {draft.kind !== 'manual' && (
          <Typography variant="body2" color="text.secondary">
            Days are counted in UTC. A payout goes out when your available balance is at least the smallest payout.
          </Typography>
        )}
        {save.error && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        <Button type="submit" variant="outlined" disabled={!changed || save.isPending} sx={{ justifySelf: 'start' }}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </Box>
    </SectionCard>
  );
}
