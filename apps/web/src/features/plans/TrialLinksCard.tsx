import { createTrialLinkSchema, type Plan, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN, type TrialLink } from '@aurum/core';
import AddLinkIcon from '@mui/icons-material/AddLink';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedResults } from '../../components/PagedResults';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { formatDateTime } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { planPrice } from '../../lib/plans';
import { queryKeys } from '../../lib/query-keys';
import { createTrialLink, stopTrialLink, trialLinksQuery } from './api';
import { EndField, endOf, LimitField, limitOf, MakeDialog, PlanSelect, StopButton } from './plan-extras';

/** The full address of a link, as the creator shares it. */
const linkUrl = (link: Pick<TrialLink, 'code'>) => new URL(paths.trial(link.code), window.location.origin).toString();

/** Why a link takes no more claims, if it does not. */
function closedReason(link: TrialLink, now = Date.now()): string | null {
  if (link.disabledAt) return 'Stopped';
  if (link.expiresAt && Date.parse(link.expiresAt) <= now) return 'Ended';
  if (link.maxClaims !== null && link.claims >= link.maxClaims) return 'All claimed';
  return null;
}

/** The creator's free-trial links: each link's plan, days, claims and members who went on to pay, and a new one. */
export function TrialLinksCard({ plans }: { plans: readonly Plan[] }) {
  const links = useInfiniteQuery(trialLinksQuery);
  const [creating, setCreating] = useState(false);
  const offered = plans.filter((plan) => plan.active);
  return (
    <SectionCard title="Free trials">
      <Typography color="text.secondary">
        Share a link that gives new members a plan free for a few days. Unless they turn renewal off, they pay when the trial ends. Each
        member gets one free trial with you, ever.
      </Typography>
      <Button
        variant="outlined"
        startIcon={<AddLinkIcon />}
        onClick={() => setCreating(true)}
        disabled={offered.length === 0}
        sx={{ justifySelf: 'start' }}
      >
        New trial link
      </Button>
      {offered.length === 0 && <Typography variant="body2">Activate a plan to offer a free trial of it.</Typography>}
      <PagedResults
        query={links}
        label="Free-trial links"
        loadingLabel="Loading your trial links"
        nested
        empty={{ title: 'No trial links yet', text: 'A new link shows here with how many claimed it and how many then paid.' }}
        moreLabel="Load more trial links"
        moreLoadingLabel="Loading more trial links…"
        renderItem={(link) => <TrialLinkRow key={link.id} link={link} />}
      />
      {creating && <NewTrialLinkDialog plans={offered} onClose={() => setCreating(false)} />}
    </SectionCard>
  );
}

function TrialLinkRow({ link }: { link: TrialLink }) {
  const closed = closedReason(link);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(linkUrl(link));
      addSnack('Link copied.', 'success');
    } catch {
      addSnack('Could not copy it: select the link above and copy it.', 'warning');
    }
  };
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {link.plan.name}: {link.days === 1 ? '1 day' : `${link.days} days`} free, then {planPrice(link.plan)}
        </Typography>
        {closed && <Chip size="small" variant="outlined" label={closed} />}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {link.claims} claimed{link.maxClaims !== null ? ` of ${link.maxClaims}` : ''} · {link.conversions} paid after the trial
        {link.expiresAt ? ` · ${Date.parse(link.expiresAt) > Date.now() ? 'ends' : 'ended'} ${formatDateTime(link.expiresAt)}` : ''}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {linkUrl(link)}
      </Typography>
      {!closed && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy()}
            aria-label={`Copy the link for ${link.plan.name}`}
          >
            Copy link
          </Button>
          <StopButton stop={() => stopTrialLink(link.id)} listKey={queryKeys.trials.links} done="The trial link is stopped." />
        </Box>
      )}
    </Paper>
  );
}

/** A new link: which plan, how many days free, and optionally how many may claim it and until when. */
function NewTrialLinkDialog({ plans, onClose }: { plans: readonly Plan[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [planId, setPlanId] = useState(plans[0]?.id ?? '');
  const [days, setDays] = useState('7');
  const [limit, setLimit] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const input = createTrialLinkSchema.safeParse({
    planId,
    days: Number(days),
    maxClaims: limitOf(limit),
    expiresAt: endOf(endsAt),
  });
  const problem = (field: string) => input.error?.issues.find((issue) => issue.path[0] === field)?.message;
  const create = useMutation({
    mutationFn: createTrialLink,
    onSuccess: async (link) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.trials.links });
      await navigator.clipboard?.writeText(linkUrl(link)).catch(() => undefined);
      addSnack('Trial link made and copied.', 'success');
      onClose();
    },
  });
  return (
    <MakeDialog
      title="New trial link"
      submitLabel="Make link"
      pending={create.isPending}
      error={create.error}
      canSubmit={input.success}
      onSubmit={() => input.success && create.mutate(input.data)}
      onClose={onClose}
    >
      <PlanSelect plans={plans} value={planId} onChange={setPlanId} />
      <TextField
        label="Days free"
        value={days}
        onChange={(event) => setDays(event.target.value)}
        error={Boolean(problem('days'))}
        helperText={problem('days') ?? `From ${TRIAL_DAYS_MIN} to ${TRIAL_DAYS_MAX} days.`}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <LimitField label="Most claims (optional)" value={limit} onChange={setLimit} problem={problem('maxClaims')} />
      <EndField value={endsAt} onChange={setEndsAt} helperText="No claims after this time. Leave empty to keep it open." />
    </MakeDialog>
  );
}
