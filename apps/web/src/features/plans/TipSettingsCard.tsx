import { formatMoney, TIP_MAX_MINOR, type TipSettings, tipSettingsSchema } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageLoading } from '../../components/LoadingOverlay';
import { RetryAlert } from '../../components/RetryAlert';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { errorMessage } from '../../lib/errors';
import { formatPriceInput, parsePrice } from '../../lib/price';
import { queryKeys } from '../../lib/query-keys';
import { saveTipSettings, tipSettingsQuery } from '../../lib/tips';
import { CURRENCIES } from './PlanForm';

/** The creator's tips: whether members may tip them (on their profile and posts), in which currency, from what amount. */
export function TipSettingsCard({ creatorId }: { creatorId: string }) {
  const settings = useQuery(tipSettingsQuery(creatorId));
  return (
    <SectionCard title="Tips">
      <Typography color="text.secondary">
        Members can tip you on your profile, on your posts and in your chats, with a message. Tips are earnings like any payment.
      </Typography>
      {settings.isPending ? (
        <PageLoading label="Loading your tip settings" />
      ) : settings.isError ? (
        <RetryAlert error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <TipSettingsForm creatorId={creatorId} saved={settings.data} />
      )}
    </SectionCard>
  );
}

function TipSettingsForm({ creatorId, saved }: { creatorId: string; saved: TipSettings }) {
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [currency, setCurrency] = useState(saved.currency);
  const [minimumText, setMinimumText] = useState(formatPriceInput(saved.minimumMinor, saved.currency));
  const parsed = parsePrice(minimumText, currency);
  const candidate = parsed.ok ? tipSettingsSchema.safeParse({ enabled, currency, minimumMinor: parsed.minor }) : null;
  const minimumError = parsed.ok ? candidate?.error?.issues[0]?.message : parsed.error;
  const save = useMutation({
    mutationFn: saveTipSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.tipSettings(creatorId), settings);
      addSnack('Tip settings saved', 'success');
    },
  });
  const changed = !candidate?.success
    ? true
    : candidate.data.enabled !== saved.enabled ||
      candidate.data.currency !== saved.currency ||
      candidate.data.minimumMinor !== saved.minimumMinor;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (candidate?.success) save.mutate(candidate.data);
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <FormControlLabel control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />} label="Take tips" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Smallest tip"
          value={minimumText}
          onChange={(event) => setMinimumText(event.target.value)}
          error={Boolean(minimumError)}
          helperText={minimumError ?? `Up to ${formatMoney({ amountMinor: TIP_MAX_MINOR, currency })} a tip.`}
          disabled={!enabled}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          select
          label="Currency"
          value={currency}
          onChange={(event) => setCurrency(event.target.value as typeof currency)}
          disabled={!enabled}
        >
          {CURRENCIES.map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {save.error && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <Box>
        <Button type="submit" variant="contained" loading={save.isPending} disabled={!candidate?.success || !changed}>
          Save tip settings
        </Button>
      </Box>
    </Box>
  );
}
