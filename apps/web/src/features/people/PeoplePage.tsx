import { FAN_RELATIONS, type FanRelation, MY_CREATORS_RELATIONS, type MyCreatorsRelation, PEOPLE_SEARCH_MAX, ROLE } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { SearchField } from '../../components/SearchField';
import { isCreator, useSignedInUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { ownPlansQuery } from '../../lib/plans';
import { useSearchText } from '../../lib/search';
import { useAddressParams } from '../../lib/useAddressParams';
import { fansQuery, myCreatorsQuery } from './api';
import { PersonItem } from './PersonItem';

const CREATOR_RELATION_LABELS: Record<MyCreatorsRelation, string> = { all: 'All', following: 'Following', subscribed: 'Subscribed' };
const FAN_RELATION_LABELS: Record<FanRelation, string> = { all: 'All fans', followers: 'Followers', subscribers: 'Subscribers' };

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/**
 * /users: the people side of the account: the creators one follows and subscribes to, and for
 * a creator their fans, filtered and searched; admins get a way to the list of every account.
 * Tabs and filters live in the address.
 */
export default function PeoplePage() {
  const user = useSignedInUser();
  const creator = isCreator(user);
  const [params, set] = useAddressParams();
  // A creator comes here mostly for their fans; the creators they follow are one tab away.
  const tab = creator && params.get('tab') !== 'creators' ? 'fans' : 'creators';
  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader title="People">
        {creator ? 'The creators you follow and subscribe to, and your fans.' : 'The creators you follow and subscribe to.'}
      </PageHeader>
      {user?.roles.includes(ROLE.admins) && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to={paths.adminUsers} color="inherit" size="small">
              All users
            </Button>
          }
        >
          As an admin, you find every account in the admin area.
        </Alert>
      )}
      {creator && (
        <Tabs
          value={tab}
          onChange={(_, value: string) => set({ tab: value === 'creators' ? 'creators' : null, relation: null, planId: null, q: null })}
          aria-label="People"
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="fans" label="Your fans" id="people-tab-fans" aria-controls="people-panel" />
          <Tab value="creators" label="Your creators" id="people-tab-creators" aria-controls="people-panel" />
        </Tabs>
      )}
      <Box id="people-panel" role={creator ? 'tabpanel' : undefined} aria-labelledby={creator ? `people-tab-${tab}` : undefined}>
        {tab === 'fans' ? (
          <Fans params={params} set={set} />
        ) : (
          <MyCreators relation={oneOf(MY_CREATORS_RELATIONS, params.get('relation'), 'all')} set={set} />
        )}
      </Box>
    </Box>
  );
}

type Setter = (changes: Record<string, string | null>) => void;

function MyCreators({ relation, set }: { relation: MyCreatorsRelation; set: Setter }) {
  const list = useInfiniteQuery(myCreatorsQuery(relation));
  return (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label="Show creators"
        value={relation}
        onChange={(_, value: MyCreatorsRelation | null) => value && set({ relation: value === 'all' ? null : value })}
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {MY_CREATORS_RELATIONS.map((value) => (
          <ToggleButton key={value} value={value}>
            {CREATOR_RELATION_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <PeopleList
        list={list}
        side="creators"
        label="Your creators"
        empty={
          <>
            <Typography variant="h2">No creators here yet</Typography>
            <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
              Follow or subscribe to creators and they show up here.
            </Typography>
            <Button variant="contained" component={RouterLink} to={paths.explore}>
              Explore creators
            </Button>
          </>
        }
      />
    </>
  );
}

function Fans({ params, set }: { params: URLSearchParams; set: Setter }) {
  const relation = oneOf(FAN_RELATIONS, params.get('relation'), 'all');
  const plans = useQuery(ownPlansQuery);
  const planId = plans.data?.some((plan) => plan.id === params.get('planId')) ? (params.get('planId') ?? '') : '';
  const { text, setText, q } = useSearchText(params.get('q') ?? '');
  const list = useInfiniteQuery(fansQuery({ relation, planId, q }));
  return (
    <>
      <Box component="search" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <SearchField
          label="Search fans"
          placeholder="Handle or name"
          maxLength={PEOPLE_SEARCH_MAX}
          value={text}
          onChange={(next) => {
            setText(next);
            set({ q: next.trim() || null });
          }}
          sx={{ flex: '1 1 240px' }}
        />
        <TextField
          select
          label="Plan"
          value={planId}
          onChange={(event) => set({ planId: event.target.value || null })}
          sx={{ flex: '1 1 160px', minWidth: 160 }}
        >
          <MenuItem value="">Any plan</MenuItem>
          {(plans.data ?? []).map((plan) => (
            <MenuItem key={plan.id} value={plan.id}>
              {plan.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label="Show fans"
        value={relation}
        onChange={(_, value: FanRelation | null) => value && set({ relation: value === 'all' ? null : value })}
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {FAN_RELATIONS.map((value) => (
          <ToggleButton key={value} value={value}>
            {FAN_RELATION_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <PeopleList
        list={list}
        side="fans"
        label="Your fans"
        empty={
          <>
            <Typography variant="h2">No fans found</Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {q || planId || relation !== 'all'
                ? 'Nobody matches this search and these filters.'
                : 'People who follow you or subscribe to your plans show up here.'}
            </Typography>
          </>
        }
      />
    </>
  );
}

type PeoplePageData = InfiniteData<{ items: Parameters<typeof PersonItem>[0]['person'][]; nextCursor: string | null }>;

function PeopleList({
  list,
  side,
  label,
  empty,
}: {
  list: UseInfiniteQueryResult<PeoplePageData>;
  side: 'creators' | 'fans';
  label: string;
  empty: React.ReactNode;
}) {
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <PageLoading label={`Loading ${label.toLowerCase()}`} />;
  if (list.isError && !list.data) return <RetryAlert error={list.error} onRetry={() => void list.refetch()} />;
  if (items.length === 0) {
    return (
      <Paper variant="outlined" role="status" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        {empty}
      </Paper>
    );
  }
  return (
    <>
      <Box
        component="ul"
        aria-label={label}
        aria-busy={list.isPlaceholderData || undefined}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, opacity: list.isPlaceholderData ? 0.6 : 1 }}
      >
        {items.map((person) => (
          <PersonItem key={person.userId} person={person} side={side} />
        ))}
      </Box>
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
        failed={list.isFetchNextPageError ? list.error : null}
        label="Load more people"
        loadingLabel="Loading more people"
      />
    </>
  );
}
