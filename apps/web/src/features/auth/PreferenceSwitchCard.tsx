import type { CurrentUser, Preferences } from '@aurum/core';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { setError } from '../../components/error-store';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { setCurrentUser } from '../../lib/current-user';
import { savePreferences } from './api';

/**
 * One on/off setting of personal details in its own card: the switch shows the choice being
 * saved at once, saves it, and says what changed (`saved.on` / `saved.off`).
 */
export function PreferenceSwitchCard({
  user,
  preference,
  title,
  label,
  description,
  saved,
}: {
  user: CurrentUser;
  preference: 'chatEmailNotices' | 'sessionRecording';
  title: string;
  label: string;
  description: string;
  saved: { on: string; off: string };
}) {
  const queryClient = useQueryClient();
  const descriptionId = useId();
  const save = useMutation({
    mutationFn: (preferences: Preferences) => savePreferences(preferences),
    onSuccess: (updated) => {
      setCurrentUser(queryClient, updated);
      addSnack(updated[preference] ? saved.on : saved.off, 'success');
    },
    onError: (error) => setError(error),
  });
  const checked = save.isPending && save.variables ? Boolean(save.variables[preference]) : user[preference];
  return (
    <SectionCard title={title} gap={1}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ [preference]: event.target.checked })}
            slotProps={{ input: { 'aria-describedby': descriptionId } }}
          />
        }
        label={label}
      />
      <Typography id={descriptionId} variant="body2" color="text.secondary">
        {description}
      </Typography>
    </SectionCard>
  );
}
