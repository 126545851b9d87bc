import {
  displayName,
  INSIGHTS_GRANULARITIES,
  INSIGHTS_POST_SORTS,
  INSIGHTS_RANGES,
  type InsightsGranularity,
  type InsightsPostSort,
  type InsightsRange,
  localDate,
} from '@aurum/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { isCreator, useSignedInUser } from '../../lib/current-user';
import { profilePageQuery } from '../../lib/profile-page';
import {
  earningsInsightsQuery,
  fansInsightsQuery,
  insightsSettingsQuery,
  type PeriodChoice,
  postsInsightsQuery,
  saveInsightsSettings,
  statementUrl,
  subscribersInsightsQuery,
} from './api';
import { EarningsView } from './EarningsView';
import { FansView } from './FansView';
import { browserTimeZone, periodText } from './format';
import { PostsView } from './PostsView';
import { SubscribersView } from './SubscribersView';

const VIEWS = ['earnings', 'subscribers', 'posts', 'fans'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = { earnings: 'Earnings', subscribers: 'Subscribers', posts: 'Posts', fans: 'Fans' };
const RANGE_LABELS: Record<InsightsRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  '12m': '12 months',
  custom: 'Custom',
};

/**
 * A row of choices that stays one row (wrapped, a group's end corners break): tighter on a
 * phone, and on the narrowest screens the row scrolls rather than wrap.
 */
const SEGMENTS = {
  maxWidth: '100%',
  overflowX: 'auto',
  '& .MuiToggleButton-root': { whiteSpace: 'nowrap', px: { xs: 1, sm: 1.5 }, fontSize: { xs: '0.8125rem', sm: '0.875rem' } },
} as const;
const GRANULARITY_LABELS: Record<InsightsGranularity, string> = { day: 'By day', week: 'By week', month: 'By month' };
const isDate = (value: string | null): value is string => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));

/**
 * /creator/insights: how the creator's business moves, in their time zone. Admins read any
 * creator's at /creator/insights?creator={userId}. The server lets only the creator and admins read them.
 */
export default function InsightsPage() {
  const user = useSignedInUser();
  const [search] = useSearchParams();
  const creator = isCreator(user);
  const settings = useQuery({ ...insightsSettingsQuery, enabled: creator });
  if (!user) return null;
  const other = user.roles.includes('admins') ? search.get('creator') : null;
  if (other && other !== user.id) return <OtherCreatorInsights creatorId={other} />;
  if (!creator) {
    return (
      <>
        <PageHeader title="Insights" />
        <Typography>Insights are for creators. Finish your creator sign-up to see how your subscriptions do.</Typography>
      </>
    );
  }
  if (settings.isPending) return <PageLoading label="Loading your insights" />;
  if (settings.error) return <RetryAlert error={settings.error} onRetry={() => settings.refetch()} />;
  return <Insights creatorId={user.id} storedTimeZone={settings.data.timeZone} own />;
}

/** An admin reading a creator's insights, counted in the admin's browser time zone. */
function OtherCreatorInsights({ creatorId }: { creatorId: string }) {
  const profile = useQuery(profilePageQuery(creatorId));
  if (profile.isPending) return <PageLoading label="Loading the creator" />;
  if (profile.error) return <RetryAlert error={profile.error} onRetry={() => profile.refetch()} />;
  return <Insights creatorId={creatorId} storedTimeZone={null} own={false} title={`Insights: ${displayName(profile.data)}`} />;
}

function Insights({
  creatorId,
  storedTimeZone,
  own,
  title = 'Insights',
}: {
  creatorId: string;
  storedTimeZone: string | null;
  own: boolean;
  title?: string;
}) {
  const [search, setSearch] = useSearchParams();
  const browserZone = useMemo(browserTimeZone, []);
  const tz = storedTimeZone ?? browserZone;
  const rangeParam = search.get('range');
  const range: InsightsRange = (INSIGHTS_RANGES as readonly string[]).includes(rangeParam ?? '') ? (rangeParam as InsightsRange) : '30d';
  const from = search.get('from');
  const to = search.get('to');
  const viewParam = search.get('view');
  const view: View = (VIEWS as readonly string[]).includes(viewParam ?? '') ? (viewParam as View) : 'earnings';
  const sortParam = search.get('sort');
  const sort: InsightsPostSort = (INSIGHTS_POST_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as InsightsPostSort)
    : 'views';
  const byParam = search.get('by');
  const granularity = (INSIGHTS_GRANULARITIES as readonly string[]).includes(byParam ?? '') ? (byParam as InsightsGranularity) : undefined;
  const period: PeriodChoice = {
    ...(range === 'custom' && isDate(from) && isDate(to) ? { range, from, to } : { range: range === 'custom' ? '30d' : range }),
    tz,
    ...(granularity ? { granularity } : {}),
  };
  const today = localDate(new Date(), tz);

  const update = (changes: Record<string, string | null>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader title={title} back>
        {own
          ? 'What you earned, who subscribed and left, which posts sell.'
          : 'What this creator earned, who subscribed and left, which posts sell.'}
      </PageHeader>
      <PeriodPicker
        range={range}
        from={from}
        to={to}
        today={today}
        onRange={(next) =>
          update({ range: next, ...(next === 'custom' ? { from: from ?? today, to: to ?? today } : { from: null, to: null }) })
        }
        onCustom={(nextFrom, nextTo) => update({ range: 'custom', from: nextFrom, to: nextTo })}
      />
      {(view === 'earnings' || view === 'subscribers') && (
        <ToggleButtonGroup
          value={granularity ?? 'auto'}
          exclusive
          size="small"
          aria-label="Group by"
          onChange={(_, next: InsightsGranularity | 'auto' | null) => next && update({ by: next === 'auto' ? null : next })}
          sx={SEGMENTS}
        >
          <ToggleButton value="auto">Auto</ToggleButton>
          {INSIGHTS_GRANULARITIES.map((value) => (
            <ToggleButton key={value} value={value}>
              {GRANULARITY_LABELS[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {own ? (
        <TimeZoneLine timeZone={tz} stored={storedTimeZone} browserZone={browserZone} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Days start at midnight in {tz} (this device's time zone).
        </Typography>
      )}
      <Tabs
        value={view}
        onChange={(_, next: View) => update({ view: next })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Insights"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {VIEWS.map((value) => (
          <Tab key={value} value={value} label={VIEW_LABELS[value]} id={`insights-tab-${value}`} aria-controls="insights-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="insights-panel" aria-labelledby={`insights-tab-${view}`} sx={{ minWidth: 0 }}>
        {view === 'earnings' && <EarningsPanel creatorId={creatorId} period={period} today={today} />}
        {view === 'subscribers' && <SubscribersPanel creatorId={creatorId} period={period} />}
        {view === 'posts' && <PostsPanel creatorId={creatorId} period={period} sort={sort} onSort={(next) => update({ sort: next })} />}
        {view === 'fans' && <FansPanel creatorId={creatorId} />}
      </Box>
    </Box>
  );
}

function PeriodPicker({
  range,
  from,
  to,
  today,
  onRange,
  onCustom,
}: {
  range: InsightsRange;
  from: string | null;
  to: string | null;
  today: string;
  onRange: (range: InsightsRange) => void;
  onCustom: (from: string, to: string) => void;
}) {
  const [draftFrom, setDraftFrom] = useState(from ?? today);
  const [draftTo, setDraftTo] = useState(to ?? today);
  const invalid = draftTo < draftFrom;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) onCustom(draftFrom, draftTo);
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <ToggleButtonGroup
        value={range}
        exclusive
        size="small"
        aria-label="Period"
        onChange={(_, next: InsightsRange | null) => next && onRange(next)}
        sx={SEGMENTS}
      >
        {INSIGHTS_RANGES.map((value) => (
          <ToggleButton key={value} value={value}>
            {RANGE_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {range === 'custom' && (
        <Box component="form" onSubmit={apply} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            type="date"
            size="small"
            label="From"
            value={draftFrom}
            onChange={(event) => setDraftFrom(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={draftTo}
            onChange={(event) => setDraftTo(event.target.value)}
            error={invalid}
            helperText={invalid ? 'The end is before the start' : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="outlined" disabled={invalid}>
            Show
          </Button>
        </Box>
      )}
    </Box>
  );
}

function TimeZoneLine({ timeZone, stored, browserZone }: { timeZone: string; stored: string | null; browserZone: string }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const zones = useMemo(() => {
    const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return supported.includes(timeZone) ? supported : [timeZone, ...supported];
  }, [timeZone]);
  const save = useMutation({
    mutationFn: saveInsightsSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(insightsSettingsQuery.queryKey, settings);
      setEditing(false);
    },
  });
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {editing ? (
        <>
          <TextField
            select
            size="small"
            label="Time zone"
            value={stored ?? ''}
            onChange={(event) => save.mutate(event.target.value === '' ? null : event.target.value)}
            disabled={save.isPending}
            sx={{ minWidth: 240 }}
            slotProps={{ select: { native: true } }}
          >
            <option value="">This device's ({browserZone})</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </TextField>
          <Button size="small" onClick={() => setEditing(false)}>
            Done
          </Button>
          {save.error && <RetryAlert error={save.error} onRetry={() => save.reset()} />}
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            Days start at midnight in {timeZone}
            {stored ? '' : " (this device's time zone)"}.
          </Typography>
          <Button size="small" onClick={() => setEditing(true)}>
            Change time zone
          </Button>
        </>
      )}
    </Box>
  );
}

function Loaded<T>({
  query,
  label,
  children,
}: {
  query: { isPending: boolean; error: unknown; data?: T; refetch: () => unknown };
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoading label={label} />;
  if (query.error || query.data === undefined) return <RetryAlert error={query.error} onRetry={() => query.refetch()} />;
  return <>{children(query.data)}</>;
}

function PeriodLine({ from, to }: { from: string; to: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {periodText(from, to)}, against the same length of time before it.
    </Typography>
  );
}

function EarningsPanel({ creatorId, period, today }: { creatorId: string; period: PeriodChoice; today: string }) {
  const query = useQuery({ ...earningsInsightsQuery(creatorId, period), placeholderData: (previous) => previous });
  return (
    <Loaded query={query} label="Loading your earnings">
      {(data) => (
        <>
          <PeriodLine from={data.period.from} to={data.period.to} />
          <EarningsView data={data} today={today} statementHref={(month) => statementUrl(creatorId, month, period.tz)} />
        </>
      )}
    </Loaded>
  );
}

function SubscribersPanel({ creatorId, period }: { creatorId: string; period: PeriodChoice }) {
  const query = useQuery({ ...subscribersInsightsQuery(creatorId, period), placeholderData: (previous) => previous });
  return (
    <Loaded query={query} label="Loading your subscribers">
      {(data) => (
        <>
          <PeriodLine from={data.period.from} to={data.period.to} />
          <SubscribersView data={data} />
        </>
      )}
    </Loaded>
  );
}

function PostsPanel({
  creatorId,
  period,
  sort,
  onSort,
}: {
  creatorId: string;
  period: PeriodChoice;
  sort: InsightsPostSort;
  onSort: (sort: InsightsPostSort) => void;
}) {
  const query = useQuery({ ...postsInsightsQuery(creatorId, period, sort), placeholderData: (previous) => previous });
  const top = useQuery(postsInsightsQuery(creatorId, period, 'views'));
  return (
    <Loaded query={query} label="Loading your posts">
      {(data) => (
        <>
          <PeriodLine from={data.period.from} to={data.period.to} />
          <PostsView data={data} top={top.data?.items ?? []} sort={sort} onSort={onSort} />
        </>
      )}
    </Loaded>
  );
}

function FansPanel({ creatorId }: { creatorId: string }) {
  const query = useQuery(fansInsightsQuery(creatorId));
  return (
    <Loaded query={query} label="Loading your fans">
      {(data) => <FansView data={data} />}
    </Loaded>
  );
}
